import { fitMap } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { mapCompact, mapIds } from '../format/compact.js';
import { deliver, measureFor, rendererFor } from '../format/output.js';
import { mapText } from '../format/text.js';
import { type CommandHost } from '../run.js';
import { userFile } from '../user-paths.js';
import { limitFlag, maxTokensFlag, snippetFlag, type SharedFlags } from './agent-options.js';

export function registerMap({ cli, run }: CommandHost): void {
  cli
    .command(
      'map <file>',
      'Outline of a file: every symbol with kind, modifiers, line range and id; re-exports with the id they resolve to',
    )
    .option('--locals', 'Also list what functions and methods declare inside (locals, callbacks)')
    .option('--snippet <level>', "Add each symbol's code: fold (signature), preview (first lines), full")
    .option('--limit <n>', 'At most n symbols (total still counts all; truncated: true)')
    .option(
      '--max-tokens <n>',
      'Shrink to about n tokens: drop snippets, then top-level only with kind counts, then counts',
    )
    .option('--output <file>', 'Write the answer to a file instead of stdout')
    .example('cn map src/internal/Observable.ts --format compact')
    .example('cn map src/internal/Subscriber.ts --snippet fold --format text')
    .example('cn map src/internal/Subscriber.ts --max-tokens 300 --format compact')
    .action((file: string, flags: SharedFlags & { locals?: boolean }) =>
      run(async (context) => {
        const maxTokens = maxTokensFlag(flags);
        const body = requestBody('map', {
          file: userFile(context, file),
          locals: flags.locals,
          snippet: snippetFlag(flags),
          limit: limitFlag(flags),
        });
        let response = await daemonCall(context, 'map', body);
        const render = rendererFor(context.format, { text: mapText, compact: mapCompact, ids: mapIds });
        if (maxTokens !== undefined) response = fitMap(response, maxTokens, measureFor(render, context.format));
        const found = (response.total ?? response.symbols.length) > 0;
        return deliver(context, render(response), found ? EXIT.ok : EXIT.nothingFound, flags.output);
      }),
    );
}
