import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import { type CommandHost } from '../run.js';
import { userFile } from '../user-paths.js';
import { limitFlag, maxTokensFlag, snippetFlag, withAnswerOptions, type SharedFlags } from './agent-options.js';

export function registerMap({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'map <file>',
      'Outline of a file: every symbol with kind, modifiers, line range and id; re-exports with the id they resolve to',
    )
    .option('--locals', 'Also list what functions and methods declare inside (locals, callbacks)')
    .option('--snippet <level>', "Add each symbol's code: fold (signature), preview (first lines), full");
  withAnswerOptions(command, {
    limit: 'At most n symbols (total still counts all; truncated: true)',
    maxTokens: 'Shrink to about n tokens: drop snippets, then top-level only with kind counts, then counts',
  })
    .example('cn map src/domain/user.ts --format compact')
    .example('cn map src/services/checkout.ts --snippet fold --format text')
    .example('cn map src/domain/user.ts --max-tokens 100 --format compact')
    .action((file: string, flags: SharedFlags & { locals?: boolean }) =>
      run(async (context) => {
        const maxTokens = maxTokensFlag(flags);
        const body = requestBody('map', {
          file: userFile(context, file),
          locals: flags.locals,
          snippet: snippetFlag(flags),
          limit: limitFlag(flags),
        });
        const response = await daemonCall(context, 'map', body);
        const found = (response.total ?? response.symbols.length) > 0;
        return printAnswer(context, 'map', response, {
          exitCode: found ? EXIT.ok : EXIT.nothingFound,
          maxTokens,
          output: flags.output,
        });
      }),
    );
}
