import { looksLikeTarget, type FindResponse } from '@cn/core';
import { daemonRequest } from '@cn/client';
import { EXIT } from '../exit-codes.js';
import { findText } from '../format/text.js';
import { render, wholeNumber, type CommandHost } from '../run.js';
import { rootRelativeTarget } from '../user-paths.js';

export function registerFind({ cli, run }: CommandHost): void {
  cli
    .command('find <query>', 'Definition and every reference of a symbol (a name, Container.member, or an id)')
    .option('--kind <kind>', 'Only symbols of this kind: class, interface, function, method, property, variable, enum, type, namespace')
    .option('--limit <n>', 'At most n references and candidates (totalReferences still counts all)')
    .example('cn find User')
    .example('cn find Observable.subscribe --format text')
    .example('cn find src/user.ts::3::14')
    .action((query: string, options: { kind?: string; limit?: unknown }) =>
      run(async (context) => {
        const body = {
          query: looksLikeTarget(query) ? rootRelativeTarget(context, query) : query,
          kind: options.kind,
          limit: wholeNumber(options.limit, '--limit', 1),
        };
        const response = await daemonRequest<FindResponse>(context, 'POST', '/find', body);
        const found = response.definition !== null || response.references.length > 0;
        return render(context, response, findText, found ? EXIT.ok : EXIT.nothingFound);
      }),
    );
}
