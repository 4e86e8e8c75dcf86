import type { MapResponse } from '@cn/core';
import { daemonRequest } from '@cn/client';
import { EXIT } from '../exit-codes.js';
import { mapText } from '../format/text.js';
import { render, type CommandHost } from '../run.js';
import { userFile } from '../user-paths.js';

export function registerMap({ cli, run }: CommandHost): void {
  cli
    .command('map <file>', 'Outline of a file: every symbol with kind, lines and id')
    .example('cn map src/user.ts')
    .example('cn map src/internal/Observable.ts --format text')
    .action((file: string) =>
      run(async (context) => {
        const response = await daemonRequest<MapResponse>(context, 'POST', '/map', { file: userFile(context, file) });
        return render(context, response, mapText, response.symbols.length > 0 ? EXIT.ok : EXIT.nothingFound);
      }),
    );
}
