import { looksLikeTarget, MAX_DEPTH, type CallsResponse, type GraphDirection } from '@cn/core';
import { daemonRequest } from '@cn/client';
import { EXIT } from '../exit-codes.js';
import { graphRenderings, renderGraphOutput } from '../format/graph-text.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { rootRelativeTarget } from '../user-paths.js';

export function registerCalls({ cli, run }: CommandHost): void {
  cli
    .command('calls <target>', 'Call graph of a function or method: who calls it (in), what it calls (out), or both')
    .option('--direction <way>', 'in (callers, default), out (callees) or both')
    .option('--depth <n>', `Steps to follow, 1 to ${MAX_DEPTH} (default 1)`)
    .option('--kind <kind>', 'When the target is a name: only symbols of this kind')
    .example('cn calls map --direction in --format tree')
    .example('cn calls src/calls/chain.ts::15::17 --direction out --depth 3')
    .action((target: string, options: { direction?: string; depth?: unknown; kind?: string }) =>
      run(async (context) => {
        const body = {
          target: looksLikeTarget(target) ? rootRelativeTarget(context, target) : target,
          direction: options.direction as GraphDirection | undefined,
          depth: wholeNumber(options.depth, '--depth', 1),
          kind: options.kind,
        };
        const response = await daemonRequest<CallsResponse>(context, 'POST', '/calls', body);
        return renderGraphOutput(context, response, graphRenderings, response.edges.length > 0 ? EXIT.ok : EXIT.nothingFound);
      }),
    );
}
