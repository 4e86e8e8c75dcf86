import { looksLikeTarget, type ImplResponse } from '@cn/core';
import { daemonRequest } from '@cn/client';
import { EXIT } from '../exit-codes.js';
import { implRenderings, renderGraphOutput } from '../format/graph-text.js';
import type { CommandHost } from '../run.js';
import { rootRelativeTarget } from '../user-paths.js';

export function registerImpl({ cli, run }: CommandHost): void {
  cli
    .command('impl <target>', 'Implementations of an interface, abstract class or member')
    .option('--kind <kind>', 'When the target is a name: only symbols of this kind')
    .example('cn impl Shape')
    .example('cn impl Shape.area --format ids')
    .action((target: string, options: { kind?: string }) =>
      run(async (context) => {
        const body = { target: looksLikeTarget(target) ? rootRelativeTarget(context, target) : target, kind: options.kind };
        const response = await daemonRequest<ImplResponse>(context, 'POST', '/impl', body);
        return renderGraphOutput(context, response, implRenderings, response.implementations.length > 0 ? EXIT.ok : EXIT.nothingFound);
      }),
    );
}
