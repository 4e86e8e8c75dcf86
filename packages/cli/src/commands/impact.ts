import { CnError, MAX_DEPTH } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody, type ImpactResponse } from '@cn/protocol';
import { wholeNumber, type CommandHost } from '../run.js';
import { userTarget } from '../user-paths.js';
import { printSeveral } from './several-targets.js';
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

interface ImpactFlags extends NarrowingFlags, SharedFlags {
  since?: unknown;
  depth?: unknown;
  refsIn?: unknown;
  refsNotIn?: unknown;
}

export function registerImpact({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'impact [target] [...more]',
      'Files a change reaches: callers and importers (barrels followed) of a symbol, a file or a git diff, tests flagged; several targets: one answer each',
    )
    .option('--since <ref>', 'The declarations the working tree changed since this git ref (untracked files whole)')
    .option('--depth <n>', `Callers of callers to follow, 1 to ${MAX_DEPTH} (default 1)`)
    .option('--refs-in <path>', 'Only files under this path, or matching this glob, are listed and followed')
    .option('--refs-not-in <path>', 'No files under this path or matching this glob ("**/*.test.ts")');
  withAnswerOptions(withNarrowing(command), {
    limit: 'At most n files, nearest first (the answer says totalFiles and truncated)',
    maxTokens: 'Shrink the answer to about n tokens: caller edges cut first, then files',
  })
    .example('cn impact isStaff --format compact')
    .example('cn impact src/domain/money.ts::6::17 --depth 2')
    .example('cn impact --since HEAD        # what uncommitted changes reach')
    .example('cn impact --since HEAD --format ids   # the affected files, one per line')
    .example('cn impact isStaff formatMoney --format compact   # one answer each')
    .action((target: string | undefined, more: string[], flags: ImpactFlags) =>
      run(async (context) => {
        const asked = {
          since: sinceFlag(flags.since),
          depth: wholeNumber(flags.depth, '--depth', 1, MAX_DEPTH),
          ...narrowingFlags(context, flags),
          refsIn: scopeFlag(context, flags.refsIn, '--refs-in'),
          refsNotIn: scopeFlag(context, flags.refsNotIn, '--refs-not-in'),
          limit: limitFlag(flags),
        };
        if ((target === undefined) === (asked.since === undefined))
          throw new CnError(
            'bad-input',
            'give one of a target and --since <ref>',
            'e.g. cn impact compose, or cn impact --since HEAD',
          );
        const ask = (query: string | undefined) =>
          daemonCall(
            context,
            'impact',
            requestBody('impact', { target: query === undefined ? undefined : userTarget(context, query), ...asked }),
          );
        if (target === undefined)
          return printSeveral(context, 'impact', [''], () => ask(undefined), answerOptions(flags));
        return printSeveral(context, 'impact', [target, ...more], ask, answerOptions(flags));
      }),
    );
}

/** What found means for impact, and the budget and output file the flags name. */
function answerOptions(flags: ImpactFlags) {
  return {
    found: (response: ImpactResponse) => (response.totalFiles ?? response.files.length) > 0,
    maxTokens: maxTokensFlag(flags),
    output: flags.output,
  };
}

/** A ref as typed; cac reads `--since 123` as a number and a bare `--since` as true. */
function sinceFlag(since: unknown): string | undefined {
  if (since === undefined) return undefined;
  if (typeof since === 'number') return String(since);
  if (typeof since !== 'string' || since === '')
    throw new CnError('bad-input', '--since takes a git ref', 'e.g. --since HEAD, --since main');
  return since;
}
