import { MAX_DEPTH, checkDirection } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { userTarget } from '../user-paths.js';
import {
  limitFlag,
  maxTokensFlag,
  narrowingFlags,
  scopeFlag,
  withAnswerOptions,
  withNarrowing,
  type NarrowingFlags,
  type SharedFlags,
} from './agent-options.js';

interface CallsFlags extends NarrowingFlags, SharedFlags {
  direction?: string;
  depth?: unknown;
  refsIn?: unknown;
  refsNotIn?: unknown;
}

export function registerCalls({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'calls <target> [...more]',
      'Call graph of functions or methods: who calls them (in), what they call (out), or both',
    )
    .option('--direction <way>', 'in (callers, default), out (callees) or both')
    .option('--depth <n>', `Steps to follow, 1 to ${MAX_DEPTH} (default 1)`);
  withAnswerOptions(
    withNarrowing(command)
      .option('--refs-in <path>', 'Only callers in files under this path, or matching this glob')
      .option(
        '--refs-not-in <path>',
        'No callers in files under this path or matching this glob ("**/*.test.ts,**/*.spec.ts": several, a union)',
      ),
    {
      limit: 'At most n edges (the answer says totalEdges and truncated)',
      maxTokens: 'Shrink the answer to about n tokens: edges cut from the end, then totals only',
    },
  )
    .example('cn calls User.placeOrder --direction in --format tree')
    .example('cn calls src/services/checkout.ts::7::3 --direction out --depth 3')
    .example('cn calls placeOrder requireUser --refs-not-in "**/*.test.ts" --format compact')
    .example("cn calls src/api/routes.ts --direction out   # calls made at the file's top level")
    .action((target: string, more: string[], flags: CallsFlags) =>
      run(async (context) => {
        const maxTokens = maxTokensFlag(flags);
        const [first, ...rest] = [target, ...more].map((query) => userTarget(context, query));
        const body = requestBody('calls', {
          target: first,
          targets: rest,
          direction: flags.direction === undefined ? undefined : checkDirection(flags.direction, 'in'),
          depth: wholeNumber(flags.depth, '--depth', 1, MAX_DEPTH),
          ...narrowingFlags(context, flags),
          refsIn: scopeFlag(context, flags.refsIn, '--refs-in'),
          refsNotIn: scopeFlag(context, flags.refsNotIn, '--refs-not-in'),
          limit: limitFlag(flags),
        });
        const response = await daemonCall(context, 'calls', body);
        const found = (response.totalEdges ?? response.edges.length) > 0;
        return printAnswer(context, 'calls', response, {
          exitCode: found ? EXIT.ok : EXIT.nothingFound,
          maxTokens,
          output: flags.output,
        });
      }),
    );
}
