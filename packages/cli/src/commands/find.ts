import { EVERY_NAME, fitFind, looksLikeTarget, type ReferenceMode, CnError } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { findCompact, findIds } from '../format/compact.js';
import { deliver, measureFor, rendererFor } from '../format/output.js';
import { findText } from '../format/text.js';
import { patternCompact, patternIds, patternText } from '../format/find-pattern.js';
import { type CommandHost } from '../run.js';
import { rootRelativeTarget } from '../user-paths.js';
import { limitFlag, maxTokensFlag, scopeFlag, snippetFlag, type SharedFlags } from './agent-options.js';

interface FindFlags extends SharedFlags {
  kind?: string;
  in?: unknown;
  exact?: boolean;
  refs?: boolean;
  refsOnly?: boolean;
}

export function registerFind({ cli, run }: CommandHost): void {
  cli
    .command(
      'find [query]',
      'Definition and every reference of a symbol (a name, Container.member, or an id); a pattern ("*Router") lists matches',
    )
    .option(
      '--kind <kind>',
      'Only symbols of this kind: class, interface, function, method, property, variable, enum, type, namespace',
    )
    .option('--in <path>', 'Only definitions under this path, or matching this glob ("src/**/*.ts")')
    .option('--exact', 'Only names equal to the query (no prefix or substring matches)')
    .option('--no-refs', 'Definition only: skip the reference search')
    .option('--refs-only', 'References only: no definition or candidates')
    .option('--snippet <level>', "Add the definition's code: fold (signature), preview (first lines), full")
    .option('--limit <n>', 'At most n references and candidates (totals still count all; truncated: true)')
    .option('--max-tokens <n>', 'Shrink the answer to about n tokens: drop previews, then per-file counts, then totals')
    .option('--output <file>', 'Write the answer to a file instead of stdout')
    .example('cn find Observable.subscribe --no-refs --snippet fold --format compact')
    .example('cn find next --kind method --in src/internal --exact')
    .example('cn find Subscriber --refs-only --format ids | cn inspect -')
    .example('cn find "*Router" --format compact')
    .example('cn find --kind interface --in src/router')
    .action((given: string | undefined, flags: FindFlags) =>
      run(async (context) => {
        // Without a name, --kind or --in lists what they select: every name matches `*`.
        if (given === undefined && flags.kind === undefined && flags.in === undefined)
          throw new CnError('bad-input', 'cn find needs a name, a pattern, --kind or --in', 'e.g. cn find User');
        const query = given ?? EVERY_NAME;
        if (flags.refs === false && flags.refsOnly)
          throw new CnError('bad-input', '--no-refs and --refs-only exclude each other');
        const refs: ReferenceMode = flags.refs === false ? 'none' : flags.refsOnly ? 'only' : 'all';
        const maxTokens = maxTokensFlag(flags);
        const body = requestBody('find', {
          query: looksLikeTarget(query) ? rootRelativeTarget(context, query) : query,
          kind: flags.kind,
          limit: limitFlag(flags),
          in: scopeFlag(context, flags.in),
          exact: flags.exact,
          refs,
          snippet: snippetFlag(flags),
        });
        let response = await daemonCall(context, 'find', body);
        const render = rendererFor(
          context.format,
          response.pattern
            ? { text: patternText, compact: patternCompact, ids: patternIds }
            : { text: findText, compact: findCompact, ids: findIds },
        );
        if (maxTokens !== undefined) response = fitFind(response, maxTokens, measureFor(render, context.format));
        const found = response.definition !== null || response.totalReferences > 0 || response.candidates.length > 0;
        return deliver(context, render(response), found ? EXIT.ok : EXIT.nothingFound, flags.output);
      }),
    );
}
