import { fitCalls, MAX_DEPTH, type GraphDirection } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { callsRenderings } from '../format/calls-text.js';
import { measureFor, rendererFor } from '../format/output.js';
import { renderGraphOutput } from '../format/graph-text.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { userTarget } from '../user-paths.js';
import { maxTokensFlag, narrowingFlags, scopeFlag, withNarrowing, type NarrowingFlags } from './agent-options.js';

interface CallsFlags extends NarrowingFlags {
  direction?: string;
  depth?: unknown;
  refsIn?: unknown;
  refsNotIn?: unknown;
  limit?: unknown;
  maxTokens?: unknown;
}

export function registerCalls({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'calls <target> [...more]',
      'Call graph of functions or methods: who calls them (in), what they call (out), or both',
    )
    .option('--direction <way>', 'in (callers, default), out (callees) or both')
    .option('--depth <n>', `Steps to follow, 1 to ${MAX_DEPTH} (default 1)`);
  withNarrowing(command)
    .option('--refs-in <path>', 'Only callers in files under this path, or matching this glob')
    .option('--refs-not-in <path>', 'No callers in files under this path or matching this glob ("**/*.test.ts")')
    .option('--limit <n>', 'At most n edges (the answer says totalEdges and truncated)')
    .option('--max-tokens <n>', 'Shrink the answer to about n tokens: edges cut from the end, then totals only')
    .example('cn calls map --direction in --format tree')
    .example('cn calls src/calls/chain.ts::15::17 --direction out --depth 3')
    .example('cn calls parse evaluate --refs-not-in "**/*.test.ts" --format compact')
    .example("cn calls src/index.ts --direction out   # calls made at the file's top level")
    .action((target: string, more: string[], flags: CallsFlags) =>
      run(async (context) => {
        const maxTokens = maxTokensFlag(flags);
        const [first, ...rest] = [target, ...more].map((query) => userTarget(context, query));
        const body = requestBody('calls', {
          target: first,
          targets: rest,
          direction: flags.direction as GraphDirection | undefined,
          depth: wholeNumber(flags.depth, '--depth', 1),
          ...narrowingFlags(context, flags),
          refsIn: scopeFlag(context, flags.refsIn, '--refs-in'),
          refsNotIn: scopeFlag(context, flags.refsNotIn, '--refs-not-in'),
          limit: wholeNumber(flags.limit, '--limit', 1),
        });
        let response = await daemonCall(context, 'calls', body);
        // Fitted here, measured as printed in the chosen format, as cn find does.
        const render = rendererFor(context.format, {
          text: callsRenderings.text,
          compact: callsRenderings.compact,
          ids: (answer) => callsRenderings.ids(answer).join('\n'),
        });
        if (maxTokens !== undefined) response = fitCalls(response, maxTokens, measureFor(render, context.format));
        const found = (response.totalEdges ?? response.edges.length) > 0;
        return renderGraphOutput(context, response, callsRenderings, found ? EXIT.ok : EXIT.nothingFound);
      }),
    );
}
