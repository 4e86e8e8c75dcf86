import { CnError, MAX_DEPTH, type GraphDirection } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { graphRenderings, orphansRenderings, renderGraphOutput } from '../format/graph-text.js';
import { wholeNumber, type CommandHost } from '../run.js';
import { userFile } from '../user-paths.js';

interface DepsFlags {
  direction?: string;
  depth?: unknown;
  orphans?: boolean;
}

export function registerDeps({ cli, run }: CommandHost): void {
  cli
    .command(
      'deps [file]',
      'File import graph: what a file imports (out), which files import it (in), or both; --orphans lists files nothing imports',
    )
    .option('--direction <way>', 'out (its imports, default), in (its importers) or both')
    .option('--depth <n>', `Steps to follow, 1 to ${MAX_DEPTH} (default 1)`)
    .option('--orphans', 'List project files no other file imports (entry points flagged)')
    .example('cn deps src/index.ts --depth 2 --format tree')
    .example('cn deps src/internal/Observable.ts --direction in')
    .example('cn deps --orphans --format text')
    .action((file: string | undefined, flags: DepsFlags) =>
      run(async (context) => {
        if (flags.orphans) {
          if (file !== undefined)
            throw new CnError('bad-input', '--orphans takes no file', 'run cn deps --orphans alone');
          const response = await daemonCall(context, 'orphans', {});
          return renderGraphOutput(
            context,
            response,
            orphansRenderings,
            response.orphans.length > 0 ? EXIT.ok : EXIT.nothingFound,
          );
        }
        if (file === undefined)
          throw new CnError('bad-input', 'no file given', 'pass a file, e.g. cn deps src/index.ts, or use --orphans');
        const body = requestBody('deps', {
          file: userFile(context, file),
          direction: flags.direction as GraphDirection | undefined,
          depth: wholeNumber(flags.depth, '--depth', 1),
        });
        const response = await daemonCall(context, 'deps', body);
        return renderGraphOutput(
          context,
          response,
          graphRenderings,
          response.edges.length > 0 ? EXIT.ok : EXIT.nothingFound,
        );
      }),
    );
}
