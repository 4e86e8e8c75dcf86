import { checkHierarchyDirection, MAX_DEPTH } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import {
  limitFlag,
  maxTokensFlag,
  narrowingFlags,
  withAnswerOptions,
  withNarrowing,
  type NarrowingFlags,
  type SharedFlags,
} from './agent-options.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { userTarget } from '../user-paths.js';
import { printSeveral } from './several-targets.js';

export function registerImpl({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'impl <target> [...more]',
      'Type hierarchy: what extends/implements a class or interface (at every level), what it extends; implementations of a member; for a file, of each type it declares; several targets: one answer each',
    )
    .alias('hierarchy')
    .option(
      '--direction <way>',
      'sub (subtypes and implementers, default), super (what it extends and implements) or both',
    )
    .option('--depth <n>', `Levels to follow, 1 to ${MAX_DEPTH} (default ${MAX_DEPTH}: every level)`);
  withAnswerOptions(withNarrowing(command), {
    limit: 'At most n entries, subtypes first, nearest first (total still counts all; truncated: true)',
    maxTokens: 'Shrink to about n tokens: drop previews, then keep the nearest entries that fit',
  })
    .example('cn impl UserRepository')
    .example('cn hierarchy InMemoryUserRepository --direction both --format text')
    .example('cn impl UserRepository.save --format ids')
    .example('cn impl UserRepository --in src/services --direction both')
    .example('cn impl src/services/user-repository.ts --direction both --format text')
    .example('cn impl UserRepository User --direction both --format compact   # one answer each')
    .action(
      (
        target: string,
        more: string[],
        options: SharedFlags & NarrowingFlags & { direction?: string; depth?: unknown },
      ) =>
        run(async (context) => {
          const asked = {
            direction: options.direction === undefined ? undefined : checkHierarchyDirection(String(options.direction)),
            depth: wholeNumber(options.depth, '--depth', 1, MAX_DEPTH),
            ...narrowingFlags(context, options),
            limit: limitFlag(options),
          };
          const ask = (query: string) =>
            daemonCall(context, 'impl', requestBody('impl', { target: userTarget(context, query), ...asked }));
          return printSeveral(context, 'impl', [target, ...more], ask, {
            found: (response) => (response.total ?? response.implementations.length + response.supertypes.length) > 0,
            maxTokens: maxTokensFlag(options),
            output: options.output,
          });
        }),
    );
}
