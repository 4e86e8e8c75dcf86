import type { InspectResponse } from '@cn/core';
import { daemonRequest } from '@cn/client';
import { inspectText } from '../format/text.js';
import { render, wholeNumber, type CommandHost } from '../run.js';
import { rootRelativeTarget } from '../user-paths.js';

export function registerInspect({ cli, run }: CommandHost): void {
  cli
    .command('inspect <id>', 'The code block around an id (path::line::char or path:line[:col])')
    .option('--expand <mode>', 'block (smallest enclosing declaration, default) or surround (lines either side)')
    .option('--context <n>', 'Lines either side for surround (default 5)')
    .example('cn inspect src/user.ts::3::14')
    .example('cn inspect src/user.ts:40 --expand surround --context 3')
    .action((id: string, options: { expand?: string; context?: unknown }) =>
      run(async (context) => {
        const body = { id: rootRelativeTarget(context, id), expand: options.expand, context: wholeNumber(options.context, '--context', 0) };
        const response = await daemonRequest<InspectResponse>(context, 'POST', '/inspect', body);
        return render(context, response, inspectText);
      }),
    );
}
