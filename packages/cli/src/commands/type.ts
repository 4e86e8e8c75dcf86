import { looksLikeTarget } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { renderGraphOutput, typeRenderings } from '../format/graph-text.js';
import type { CommandHost } from '../run.js';
import { narrowingFlags, withNarrowing, type NarrowingFlags } from './agent-options.js';
import { rootRelativeTarget } from '../user-paths.js';

export function registerType({ cli, run }: CommandHost): void {
  withNarrowing(
    cli.command('type <target>', 'Signature and doc comment of a symbol (hover), and where its type is declared'),
  )
    .example('cn type map')
    .example('cn type src/shapes/shapes.ts::31::30 --format text')
    .action((target: string, options: NarrowingFlags) =>
      run(async (context) => {
        const body = requestBody('type', {
          target: looksLikeTarget(target) ? rootRelativeTarget(context, target) : target,
          ...narrowingFlags(context, options),
        });
        const response = await daemonCall(context, 'type', body);
        return renderGraphOutput(context, response, typeRenderings, EXIT.ok);
      }),
    );
}
