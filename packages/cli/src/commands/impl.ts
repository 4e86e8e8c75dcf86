import { checkHierarchyDirection, looksLikeTarget, MAX_DEPTH, type ImplResponse } from '@cn/core';
import { daemonRequest } from '@cn/client';
import { EXIT } from '../exit-codes.js';
import { implRenderings, renderGraphOutput } from '../format/graph-text.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { rootRelativeTarget } from '../user-paths.js';

export function registerImpl({ cli, run }: CommandHost): void {
  cli
    .command('impl <target>', 'Type hierarchy: what extends/implements a class or interface (at every level), what it extends; implementations of a member')
    .alias('hierarchy')
    .option('--direction <way>', 'sub (subtypes and implementers, default), super (what it extends and implements) or both')
    .option('--depth <n>', `Levels to follow, 1 to ${MAX_DEPTH} (default ${MAX_DEPTH}: every level)`)
    .option('--kind <kind>', 'When the target is a name: only symbols of this kind')
    .example('cn impl Shape')
    .example('cn hierarchy HonoBase --direction both --format text')
    .example('cn impl Shape.area --format ids')
    .action((target: string, options: { direction?: string; depth?: unknown; kind?: string }) =>
      run(async (context) => {
        const body = {
          target: looksLikeTarget(target) ? rootRelativeTarget(context, target) : target,
          direction: options.direction === undefined ? undefined : checkHierarchyDirection(String(options.direction)),
          depth: wholeNumber(options.depth, '--depth', 1),
          kind: options.kind,
        };
        const response = await daemonRequest<ImplResponse>(context, 'POST', '/impl', body);
        const found = response.implementations.length + response.supertypes.length > 0;
        return renderGraphOutput(context, response, implRenderings, found ? EXIT.ok : EXIT.nothingFound);
      }),
    );
}
