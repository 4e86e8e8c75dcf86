import type { DiagnosticsResponse } from '@cn/core';
import { daemonCall } from '@cn/client';
import { allDiagnostics } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { diagnosticsRenderings, renderGraphOutput } from '../format/graph-text.js';
import type { CommandHost, Context } from '../run.js';
import { userFile } from '../user-paths.js';

/** Progress goes to stderr only once checking has taken this long. */
const QUIET_MS = 2_000;

export function registerDiagnostics({ cli, run }: CommandHost): void {
  cli
    .command(
      'diagnostics [...files]',
      'Type errors and warnings of files, or of every project file (exit 0 when there are some, 1 when none, like grep)',
    )
    .example('cn diagnostics src/user.ts --format text')
    .example('cn diagnostics --format ids | cn inspect -')
    .action((files: string[]) =>
      run(async (context) => {
        const response =
          files.length > 0
            ? await daemonCall(context, 'diagnostics', { files: files.map((file) => userFile(context, file)) })
            : await wholeProject(context);
        return renderGraphOutput(
          context,
          response,
          diagnosticsRenderings,
          response.diagnostics.length > 0 ? EXIT.ok : EXIT.nothingFound,
        );
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
