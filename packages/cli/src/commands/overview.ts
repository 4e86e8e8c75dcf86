import { DEFAULT_OVERVIEW_TOKENS, overviewBudget } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { userFile } from '../user-paths.js';
import { limitFlag, withAnswerOptions, type SharedFlags } from './agent-options.js';

export function registerOverview({ cli, run }: CommandHost): void {
  withAnswerOptions(
    cli.command(
      'overview [dir]',
      'Repo map: per file its top-level declarations (exported first, most-imported first) with signatures',
    ),
    {
      limit: 'At most n files',
      maxTokens: `Cut to about n tokens, least-imported files first (default ${DEFAULT_OVERVIEW_TOKENS}; 0 = no cut)`,
    },
  )
    .example('cn overview --format compact')
    .example('cn overview src/domain --max-tokens 800 --format text')
    .example('cn overview --max-tokens 0 -o repo-map.json')
    .action((dir: string | undefined, flags: SharedFlags) =>
      run(async (context) => {
        const maxTokens = overviewBudget(wholeNumber(flags.maxTokens, '--max-tokens', 0), '--max-tokens');
        // The cut is made here, measured on the format actually printed; the daemon sends it all.
        const body = requestBody('overview', {
          maxTokens: 0,
          limit: limitFlag(flags),
          dir: dir === undefined ? undefined : userFile(context, dir),
        });
        const response = await daemonCall(context, 'overview', body);
        return printAnswer(context, 'overview', response, {
          exitCode: response.total > 0 ? EXIT.ok : EXIT.nothingFound,
          maxTokens,
          output: flags.output,
        });
      }),
    );
}
