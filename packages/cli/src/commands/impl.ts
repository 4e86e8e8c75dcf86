import { checkHierarchyDirection, fitImpl, MAX_DEPTH, type ImplResponse } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { implRenderings, renderGraphOutput } from '../format/graph-text.js';
import { measureFor, rendererFor } from '../format/output.js';
import {
  limitFlag,
  maxTokensFlag,
  narrowingFlags,
  withNarrowing,
  type NarrowingFlags,
  type SharedFlags,
} from './agent-options.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { userTarget } from '../user-paths.js';

export function registerImpl({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'impl <target>',
      'Type hierarchy: what extends/implements a class or interface (at every level), what it extends; implementations of a member; for a file, of each type it declares',
    )
    .alias('hierarchy')
    .option(
      '--direction <way>',
      'sub (subtypes and implementers, default), super (what it extends and implements) or both',
    )
    .option('--depth <n>', `Levels to follow, 1 to ${MAX_DEPTH} (default ${MAX_DEPTH}: every level)`);
  withNarrowing(command)
    .option('--limit <n>', 'At most n entries, subtypes first, nearest first (total still counts all; truncated: true)')
    .option('--max-tokens <n>', 'Shrink to about n tokens: drop previews, then keep the nearest entries that fit')
    .example('cn impl Shape')
    .example('cn hierarchy HonoBase --direction both --format text')
    .example('cn impl Shape.area --format ids')
    .example('cn impl Router --in src/router.ts --direction both')
    .example('cn impl src/router.ts --direction both --format text')
    .action((target: string, options: SharedFlags & NarrowingFlags & { direction?: string; depth?: unknown }) =>
      run(async (context) => {
        const body = requestBody('impl', {
          target: userTarget(context, target),
          direction: options.direction === undefined ? undefined : checkHierarchyDirection(String(options.direction)),
          depth: wholeNumber(options.depth, '--depth', 1),
          ...narrowingFlags(context, options),
          limit: limitFlag(options),
        });
        const maxTokens = maxTokensFlag(options);
        let response = await daemonCall(context, 'impl', body);
        if (maxTokens !== undefined) {
          const render = rendererFor(context.format, {
            text: implRenderings.text,
            compact: implRenderings.compact,
            ids: (shown: ImplResponse) => implRenderings.ids(shown).join('\n'),
          });
          response = fitImpl(response, maxTokens, measureFor(render, context.format));
        }
        const found = (response.total ?? response.implementations.length + response.supertypes.length) > 0;
        return renderGraphOutput(context, response, implRenderings, found ? EXIT.ok : EXIT.nothingFound);
      }),
    );
}
