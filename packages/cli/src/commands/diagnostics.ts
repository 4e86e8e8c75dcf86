import { limitListItems, type DiagnosticsResponse } from '@cn/core';
import { daemonCall } from '@cn/client';
import { allDiagnostics } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import type { CommandHost, Context } from '../run.js';
import { userFile } from '../user-paths.js';
import { limitFlag, maxTokensFlag, withAnswerOptions, type SharedFlags } from './agent-options.js';

/** Progress goes to stderr only once checking has taken this long. */
const QUIET_MS = 2_000;

export function registerDiagnostics({ cli, run }: CommandHost): void {
  withAnswerOptions(
    cli.command(
      'diagnostics [...files]',
      'Type errors and warnings of files, or of every project file (exit 0 when there are some, 1 when none, like grep)',
    ),
    {
      limit: 'At most n diagnostics, in file order (total still counts all; truncated: true)',
      maxTokens: 'Shrink the answer to about n tokens: diagnostics cut from the end, then totals only',
    },
  )
    .example('cn diagnostics src/domain/money.ts --format text')
    .example('cn diagnostics --format ids | cn inspect -')
    .action((files: string[], flags: SharedFlags) =>
      run(async (context) => {
        const checked =
          files.length > 0
            ? await daemonCall(context, 'diagnostics', { files: files.map((file) => userFile(context, file)) })
            : await wholeProject(context);
        // Cut here: the whole project comes in pages, so only the assembled answer knows what comes first.
        const response = limitListItems(checked, 'diagnostics', limitFlag(flags));
        return printAnswer(context, 'diagnostics', response, {
          exitCode: checked.diagnostics.length > 0 ? EXIT.ok : EXIT.nothingFound,
          maxTokens: maxTokensFlag(flags),
          output: flags.output,
        });
      }),
    );
}

/** Pages through the project (protocol's allDiagnostics, as cn_diagnostics does), reporting progress on a big one. */
function wholeProject(context: Context): Promise<DiagnosticsResponse> {
  const started = Date.now();
  return allDiagnostics(
    (page) => daemonCall(context, 'diagnostics', page),
    (soFar) => {
      if (Date.now() - started > QUIET_MS) {
        process.stderr.write(
          `cn: diagnostics: ${soFar.filesChecked}/${soFar.totalFiles} files checked, ${soFar.diagnostics.length} found so far\n`,
        );
      }
    },
  );
}
