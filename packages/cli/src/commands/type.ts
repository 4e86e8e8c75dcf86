import { looksLikeTarget } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import type { CommandHost } from '../run.js';
import {
  maxTokensFlag,
  narrowingFlags,
  withAnswerOptions,
  withNarrowing,
  type NarrowingFlags,
  type SharedFlags,
} from './agent-options.js';
import { rootRelativeTarget } from '../user-paths.js';

export function registerType({ cli, run }: CommandHost): void {
  // One symbol's answer: nothing to --limit; a long doc comment is what --max-tokens drops.
  withAnswerOptions(
    withNarrowing(
      cli.command('type <target>', 'Signature and doc comment of a symbol (hover), and where its type is declared'),
    ),
    { maxTokens: 'Shrink to about n tokens: the doc comment goes first, then the other candidates' },
  )
    .example('cn type isStaff')
    .example('cn type src/domain/user.ts::6::14 --format text')
    .action((target: string, flags: NarrowingFlags & SharedFlags) =>
      run(async (context) => {
        const body = requestBody('type', {
          target: looksLikeTarget(target) ? rootRelativeTarget(context, target) : target,
          ...narrowingFlags(context, flags),
        });
        const response = await daemonCall(context, 'type', body);
        return printAnswer(context, 'type', response, {
          exitCode: EXIT.ok,
          maxTokens: maxTokensFlag(flags),
          output: flags.output,
        });
      }),
    );
}
