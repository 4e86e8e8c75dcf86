import { CnError, MAX_DEPTH, checkDirection } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { userFile } from '../user-paths.js';
import { limitFlag, maxTokensFlag, scopeFlag, withAnswerOptions, type SharedFlags } from './agent-options.js';
import { printSeveral } from './several-targets.js';

interface DepsFlags extends SharedFlags {
  direction?: string;
  depth?: unknown;
  orphans?: boolean;
  refsIn?: unknown;
  refsNotIn?: unknown;
}

export function registerDeps({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'deps [file] [...more]',
      'File import graph: what a file imports (out), which files import it (in), or both (several files: one answer each); --orphans lists files nothing imports',
    )
    .option('--direction <way>', 'out (its imports, default), in (its importers) or both')
    .option('--depth <n>', `Steps to follow, 1 to ${MAX_DEPTH} (default 1)`)
    .option('--orphans', 'List project files no other file imports (entry points flagged)')
    .option('--refs-in <path>', 'Only importers in files under this path, or matching this glob (--direction in, both)')
    .option('--refs-not-in <path>', 'No importers in files under this path or matching this glob ("tests/**")');
  withAnswerOptions(command, {
    limit: 'At most n edges (--orphans: n files); the answer says the total and truncated',
    maxTokens: 'Shrink the answer to about n tokens: edges (files) cut from the end, then totals only',
  })
    .example('cn deps src/api/routes.ts --depth 2 --format tree')
    .example('cn deps src/domain/user.ts --direction in --refs-not-in "**/*.test.ts"')
    .example('cn deps --orphans --format text')
    .example('cn deps src/domain/money.ts src/domain/user.ts --direction in --format compact   # one answer each')
    .action((file: string | undefined, more: string[], flags: DepsFlags) =>
      run(async (context) => {
        const options = { maxTokens: maxTokensFlag(flags), output: flags.output };
        const limit = limitFlag(flags);
        if (flags.orphans) {
          if (file !== undefined || more.length > 0)
            throw new CnError('bad-input', '--orphans takes no file', 'run cn deps --orphans alone');
          const response = await daemonCall(context, 'orphans', requestBody('orphans', { limit }));
          const found = (response.total ?? response.orphans.length) > 0;
          return printAnswer(context, 'deps', response, { exitCode: found ? EXIT.ok : EXIT.nothingFound, ...options });
        }
        if (file === undefined)
          throw new CnError('bad-input', 'no file given', 'pass a file, e.g. cn deps src/index.ts, or use --orphans');
        const asked = {
          direction: flags.direction === undefined ? undefined : checkDirection(flags.direction, 'out'),
          depth: wholeNumber(flags.depth, '--depth', 1, MAX_DEPTH),
          refsIn: scopeFlag(context, flags.refsIn, '--refs-in'),
          refsNotIn: scopeFlag(context, flags.refsNotIn, '--refs-not-in'),
          limit,
        };
        const ask = (target: string) =>
          daemonCall(context, 'deps', requestBody('deps', { file: userFile(context, target), ...asked }));
        return printSeveral(context, 'deps', [file, ...more], ask, {
          found: (response) => 'edges' in response && (response.totalEdges ?? response.edges.length) > 0,
          ...options,
        });
      }),
    );
}
