import { CnError, DEFAULT_OVERVIEW_TOKENS, fitOverview } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { deliver, measureFor, rendererFor } from '../format/output.js';
import { overviewIds, overviewText } from '../format/overview.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { userFile } from '../user-paths.js';
import { limitFlag, type SharedFlags } from './agent-options.js';

export function registerOverview({ cli, run }: CommandHost): void {
  cli
    .command(
      'overview [dir]',
      'Repo map: per file its top-level declarations (exported first, most-imported first) with signatures',
    )
    .option(
      '--max-tokens <n>',
      `Cut to about n tokens, least-imported files first (default ${DEFAULT_OVERVIEW_TOKENS}; 0 = no cut)`,
    )
    .option('--limit <n>', 'At most n files')
    .option('--output <file>', 'Write the answer to a file instead of stdout')
    .example('cn overview --format compact')
    .example('cn overview src/internal/operators --max-tokens 800 --format text')
    .example('cn overview --max-tokens 0 --output repo-map.json')
    .action((dir: string | undefined, flags: SharedFlags) =>
      run(async (context) => {
        const maxTokens = wholeNumber(flags.maxTokens, '--max-tokens', 0) ?? DEFAULT_OVERVIEW_TOKENS;
        if (maxTokens > 0 && maxTokens < 20)
          throw new CnError(
            'bad-input',
            `--max-tokens takes 0 (no cut) or a whole number of 20 or more, not '${maxTokens}'`,
          );
        // The cut is made here, measured on the format actually printed; the daemon sends it all.
        const body = requestBody('overview', {
          maxTokens: 0,
          limit: limitFlag(flags),
          dir: dir === undefined ? undefined : userFile(context, dir),
        });
        let response = await daemonCall(context, 'overview', body);
        const render = rendererFor(context.format, { text: overviewText, compact: overviewText, ids: overviewIds });
        if (maxTokens > 0) response = fitOverview(response, maxTokens, measureFor(render, context.format));
        return deliver(context, render(response), response.total > 0 ? EXIT.ok : EXIT.nothingFound, flags.output);
      }),
    );
}
