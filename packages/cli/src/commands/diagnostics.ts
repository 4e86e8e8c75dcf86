import { limitListItems, type DiagnosticsResponse } from '@cn/core';
import { daemonCall } from '@cn/client';
import { allDiagnostics } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import { PROGRESS_AFTER_MS, statusLine } from '../progress.js';
import type { CommandHost, Context } from '../run.js';
import { userFile } from '../user-paths.js';
import { limitFlag, maxTokensFlag, withAnswerOptions, type SharedFlags } from './agent-options.js';

export function registerDiagnostics({ cli, run }: CommandHost): void {
  withAnswerOptions(
    cli.command(
      'diagnostics [...paths]',
      'Type errors and warnings of files, of the project files under directories, or of every project file (exit 0 when there are some, 1 when none, like grep)',
    ),
    {
      limit: 'At most n diagnostics, in file order (total still counts all; truncated: true)',
      maxTokens: 'Shrink the answer to about n tokens: diagnostics cut from the end, then totals only',
    },
  )
    .example('cn diagnostics src/domain/money.ts --format text')
    .example('cn diagnostics src/domain --format compact')
    .example('cn diagnostics --format ids | cn inspect -')
    .action((paths: string[], flags: SharedFlags) =>
      run(async (context) => {
        const checked = await pages(
          context,
          paths.length > 0 ? paths.map((path) => userFile(context, path)) : undefined,
        );
        // Cut here: the files come in pages, so only the assembled answer knows what comes first.
        const response = limitListItems(checked, 'diagnostics', limitFlag(flags));
        return printAnswer(context, 'diagnostics', response, {
          exitCode: checked.diagnostics.length > 0 ? EXIT.ok : EXIT.nothingFound,
          maxTokens: maxTokensFlag(flags),
          output: flags.output,
        });
      }),
    );
}

/**
 * Pages through the files (protocol's allDiagnostics, as cn_diagnostics does); a check still running after a second
 * says how far it got on a terminal (statusLine), and nothing anywhere else.
 */
async function pages(context: Context, files: string[] | undefined): Promise<DiagnosticsResponse> {
  const started = Date.now();
  const line = context.progress && statusLine(context.progress);
  try {
    return await allDiagnostics(
      (page) => daemonCall(context, 'diagnostics', { ...(files ? { files } : {}), ...page }),
      (soFar) => {
        if (Date.now() - started > PROGRESS_AFTER_MS)
          line?.show(
            diagnosticsProgress({
              filesChecked: soFar.filesChecked,
              totalFiles: soFar.totalFiles,
              found: soFar.diagnostics.length,
            }),
          );
      },
    );
  } finally {
    line?.end();
  }
}

/** `diagnostics: 100/256 files checked, 3 found so far`. */
export function diagnosticsProgress(soFar: { filesChecked: number; totalFiles: number; found: number }): string {
  return `diagnostics: ${soFar.filesChecked}/${soFar.totalFiles} files checked, ${soFar.found} found so far`;
}
