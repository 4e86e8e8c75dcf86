import type { UnusedResponse } from '@cn/core';
import { daemonRequest } from '@cn/client';
import { EXIT } from '../exit-codes.js';
import { deliver, rendererFor } from '../format/output.js';
import { type CommandHost } from '../run.js';
import { userFile } from '../user-paths.js';

export function registerUnused({ cli, run }: CommandHost): void {
  cli
    .command('unused <file>', "The file's top-level declarations nothing else in the project uses (exit 1 when none)")
    .option('--output <file>', 'Write the answer to a file instead of stdout')
    .example('cn unused src/internal/types.ts --format compact')
    .example('cn unused src/api/routes.ts')
    .action((file: string, flags: { output?: unknown }) =>
      run(async (context) => {
        const response = await daemonRequest<UnusedResponse>(context, 'POST', '/unused', { file: userFile(context, file) });
        const render = rendererFor(context.format, { text: unusedText, compact: unusedText, ids: (r) => r.unused.map((s) => s.id).join('\n') });
        return deliver(context, render(response), response.unused.length > 0 ? EXIT.ok : EXIT.nothingFound, flags.output);
      }),
    );
}

function unusedText(response: UnusedResponse): string {
  const lines = response.unused.map((symbol) => `${response.filePath}:${symbol.line}  ${symbol.kind}  ${symbol.name}${symbol.exported ? '  (exported)' : ''}`);
  lines.push(`${response.unused.length} of ${response.checked} top-level declarations unused in the project`);
  return lines.join('\n');
}
