import { CnError, MAX_DEPTH, fitImpact } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { impactRenderings, impactTree } from '../format/impact-text.js';
import { measureFor, rendererFor } from '../format/output.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { userTarget } from '../user-paths.js';
import { maxTokensFlag, narrowingFlags, withNarrowing, type NarrowingFlags } from './agent-options.js';

interface ImpactFlags extends NarrowingFlags {
  since?: unknown;
  depth?: unknown;
  limit?: unknown;
  maxTokens?: unknown;
}

export function registerImpact({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'impact [target]',
      'Files a change reaches: callers and importers (barrels followed) of a symbol, a file or a git diff, tests flagged',
    )
    .option('--since <ref>', 'The declarations the working tree changed since this git ref (untracked files whole)')
    .option('--depth <n>', `Callers of callers to follow, 1 to ${MAX_DEPTH} (default 1)`);
  withNarrowing(command)
    .option('--limit <n>', 'At most n files, nearest first (the answer says totalFiles and truncated)')
    .option('--max-tokens <n>', 'Shrink the answer to about n tokens: caller edges cut first, then files')
    .example('cn impact compose --format compact')
    .example('cn impact src/utils/html.ts::40::14 --depth 2')
    .example('cn impact --since HEAD        # what uncommitted changes reach')
    .example('cn impact --since main --format ids   # the affected files, one per line')
    .action((target: string | undefined, flags: ImpactFlags) =>
      run(async (context) => {
        const maxTokens = maxTokensFlag(flags);
        const body = requestBody('impact', {
          target: target === undefined ? undefined : userTarget(context, target),
          since: sinceFlag(flags.since),
          depth: wholeNumber(flags.depth, '--depth', 1),
          ...narrowingFlags(context, flags),
          limit: wholeNumber(flags.limit, '--limit', 1),
        });
        if ((body.target === undefined) === (body.since === undefined))
          throw new CnError(
            'bad-input',
            'give one of a target and --since <ref>',
            'e.g. cn impact compose, or cn impact --since HEAD',
          );
        let response = await daemonCall(context, 'impact', body);
        const render = rendererFor(context.format, {
          text: impactRenderings.text,
          compact: impactRenderings.compact,
          ids: (answer) => impactRenderings.ids(answer).join('\n'),
        });
        if (maxTokens !== undefined) response = fitImpact(response, maxTokens, measureFor(render, context.format));
        const found = (response.totalFiles ?? response.files.length) > 0;
        const output = context.format === 'tree' ? impactTree(response) : render(response);
        return { output, exitCode: found ? EXIT.ok : EXIT.nothingFound };
      }),
    );
}

/** A ref as typed; cac reads `--since 123` as a number and a bare `--since` as true. */
function sinceFlag(since: unknown): string | undefined {
  if (since === undefined) return undefined;
  if (typeof since === 'number') return String(since);
  if (typeof since !== 'string' || since === '')
    throw new CnError('bad-input', '--since takes a git ref', 'e.g. --since HEAD, --since main');
  return since;
}
