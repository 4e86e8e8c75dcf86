import { CnError } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import { type CommandHost } from '../run.js';
import {
  limitFlag,
  maxTokensFlag,
  scopeFlag,
  snippetFlag,
  withAnswerOptions,
  type SharedFlags,
} from './agent-options.js';

interface SearchFlags extends SharedFlags {
  kind?: string;
  in?: unknown;
}

export function registerSearch({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'search [...words]',
      'Declarations ranked by how well they match words or a question, for when you do not know the name (exit 1 when none)',
    )
    .option('--kind <kind>', 'Only declarations of this kind: class, interface, function, method, property, variable …')
    .option(
      '--in <path>',
      'Only declarations under this path, or matching this glob ("src/**/*.ts"; several: repeat it, or commas)',
    )
    .option('--snippet <level>', "Add each result's code: fold (signature), preview (first lines), full");
  withAnswerOptions(command, {
    limit: 'At most n results (default 10; total still counts all)',
    maxTokens: 'Shrink the answer to about n tokens: drop previews, then results from the end',
  })
    .example('cn search money format --format compact')
    .example('cn search "which method charges a user for an order" --limit 5 --snippet fold')
    .example('cn search credit order --kind method --in src/domain')
    .example('cn search user repository --format ids | cn inspect -')
    .action((words: string[], flags: SearchFlags) =>
      run(async (context) => {
        const query = words.join(' ').trim();
        if (query === '')
          throw new CnError('bad-input', 'cn search needs words or a question', 'e.g. cn search "retry delay"');
        const maxTokens = maxTokensFlag(flags);
        const body = requestBody('search', {
          query,
          kind: flags.kind,
          in: scopeFlag(context, flags.in),
          limit: limitFlag(flags),
          snippet: snippetFlag(flags),
        });
        const response = await daemonCall(context, 'search', body);
        return printAnswer(context, 'search', response, {
          exitCode: response.total > 0 ? EXIT.ok : EXIT.nothingFound,
          maxTokens,
          output: flags.output,
        });
      }),
    );
}
