import type { DiagnosticsResponse } from '@cn/core';
import { daemonRequest } from '@cn/client';
import { EXIT } from '../exit-codes.js';
import { diagnosticsRenderings, renderGraphOutput } from '../format/graph-text.js';
import type { CommandHost, Context } from '../run.js';
import { userFile } from '../user-paths.js';

/** Files per request when checking the whole project: small enough to report progress, big enough to stay cheap. */
const PAGE_SIZE = 100;
/** Progress goes to stderr only once checking has taken this long. */
const QUIET_MS = 2_000;

export function registerDiagnostics({ cli, run }: CommandHost): void {
  cli
    .command('diagnostics [...files]', 'Type errors and warnings of files, or of every project file (exit 0 when there are some, 1 when none, like grep)')
    .example('cn diagnostics src/user.ts --format text')
    .example('cn diagnostics --format ids | cn inspect -')
    .action((files: string[]) =>
      run(async (context) => {
        const response =
          files.length > 0
            ? await daemonRequest<DiagnosticsResponse>(context, 'POST', '/diagnostics', { files: files.map((file) => userFile(context, file)) })
            : await wholeProject(context);
        return renderGraphOutput(context, response, diagnosticsRenderings, response.diagnostics.length > 0 ? EXIT.ok : EXIT.nothingFound);
      }),
    );
}

/** Pages through the project so a big one shows progress and no single request runs into the timeout. */
async function wholeProject(context: Context): Promise<DiagnosticsResponse> {
  const started = Date.now();
  const merged: DiagnosticsResponse = { diagnostics: [], filesChecked: 0, totalFiles: 0 };
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const page: DiagnosticsResponse = await daemonRequest<DiagnosticsResponse>(context, 'POST', '/diagnostics', { offset, limit: PAGE_SIZE });
    merged.diagnostics.push(...page.diagnostics);
    merged.filesChecked += page.filesChecked;
    merged.totalFiles = page.totalFiles;
    offset = page.nextOffset;
    if (offset !== undefined && Date.now() - started > QUIET_MS) {
      process.stderr.write(`cn: diagnostics: ${merged.filesChecked}/${merged.totalFiles} files checked, ${merged.diagnostics.length} found so far\n`);
    }
  }
  return merged;
}
