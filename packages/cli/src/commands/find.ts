import {
  CnError,
  EVERY_NAME,
  findManyText,
  looksLikeTarget,
  presentAnswer,
  type FindResponse,
  type ReferenceMode,
} from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT } from '../exit-codes.js';
import { deliver, printAnswer, sayPipeNotes } from '../format/output.js';
import { type CommandHost, type Context } from '../run.js';
import { idsFromLines, readStdin } from '../stdin-ids.js';
import { rootRelativeTarget } from '../user-paths.js';
import {
  limitFlag,
  maxTokensFlag,
  scopeFlag,
  snippetFlag,
  withAnswerOptions,
  type SharedFlags,
} from './agent-options.js';
import { answerEach, groupFlag, roleFlag } from './find-options.js';

interface FindFlags extends SharedFlags {
  kind?: string;
  in?: unknown;
  exact?: boolean;
  refs?: boolean;
  refsOnly?: boolean;
  role?: unknown;
  refsIn?: unknown;
  refsNotIn?: unknown;
  group?: unknown;
}

/** Without `-`, a stdin silent this long is taken as "no queries", not waited on (as for cn inspect). */
const IMPLICIT_STDIN_WAIT_MS = 5_000;

export function registerFind({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'find [...queries]',
      'Definition and every reference of a symbol (a name, Container.member, or an id); several on stdin with -; a pattern ("*Router") lists matches',
    )
    .option(
      '--kind <kind>',
      'Only symbols of this kind: class, interface, function, method, property, variable, enum, type, namespace',
    )
    .option(
      '--in <path>',
      'Only definitions under this path, or matching this glob ("src/**/*.ts"; several: repeat it, or commas)',
    )
    .option('--exact', 'Only names equal to the query (no prefix or substring matches)')
    .option('--no-refs', 'Definition only: no reference search (references are searched unless this is given)')
    .option('--refs-only', 'References only: no definition or candidates')
    .option(
      '--role <roles>',
      'Only references with these roles (call,new,read,write,type,import,…; comment to add those)',
    )
    .option('--refs-in <path>', 'Only references in files under this path, or matching this glob')
    .option(
      '--refs-not-in <path>',
      'No references in files under this path or matching this glob ("**/*.test.ts,**/*.spec.ts": several, a union)',
    )
    .option('--group <by>', 'file: one line per file with counts; symbol: one line per enclosing declaration')
    .option('--snippet <level>', "Add the definition's code: fold (signature), preview (first lines), full");
  withAnswerOptions(command, {
    limit: 'At most n references (or groups) and candidates (totals still count all; truncated: true)',
    maxTokens: 'Shrink the answer to about n tokens: drop previews, then per-file counts, then totals',
  })
    .example('cn find User.placeOrder --no-refs --snippet fold --format compact')
    .example('cn find User --role new,type --refs-not-in "**/*.test.ts" --group file --format compact')
    .example('cn find User --refs-only --format ids | cn inspect -')
    .example('cn find "*Repository" --format compact')
    .example('cn find --kind interface --in src/services')
    .action((given: string[], flags: FindFlags) =>
      run(async (context) => {
        if (flags.refs === false && flags.refsOnly)
          throw new CnError('bad-input', '--no-refs and --refs-only exclude each other');
        const listing = flags.kind !== undefined || flags.in !== undefined;
        const explicitStdin = given.includes('-');
        // A listing by --kind/--in needs no query, so a silent stdin is not waited on for one.
        const fromStdin = explicitStdin || (given.length === 0 && !listing && !process.stdin.isTTY);
        const stdin = fromStdin ? await readStdin(explicitStdin ? undefined : IMPLICIT_STDIN_WAIT_MS) : '';
        const named = [...given.filter((query) => query !== '-'), ...idsFromLines(stdin)];
        // Without a name, --kind or --in lists what they select: every name matches `*`.
        const queries = named.length === 0 && listing ? [EVERY_NAME] : named;
        if (queries.length === 0)
          throw new CnError(
            'bad-input',
            'cn find needs a name, an id, a pattern, --kind or --in',
            'e.g. cn find User; - reads ids from stdin',
          );
        const ask = asker(context, flags);
        const maxTokens = maxTokensFlag(flags);
        if (queries.length === 1) {
          const response = await ask(queries[0]);
          return printAnswer(context, 'find', response, {
            exitCode: exitFor([response]),
            maxTokens,
            output: flags.output,
          });
        }
        // The budget is shared: each answer gets its part of it.
        const share = maxTokens === undefined ? undefined : Math.max(1, Math.floor(maxTokens / queries.length));
        const answers = (await answerEach(queries, ask)).map(
          (response) => presentAnswer('find', response, context.format, share).answer,
        );
        const render = (response: FindResponse) => presentAnswer('find', response, context.format).output;
        sayPipeNotes(context, answers);
        const output = findManyText(context.format, answers, render);
        return deliver(context, output, exitFor(answers), flags.output);
      }),
    );
}

function asker(context: Context, flags: FindFlags): (query: string) => Promise<FindResponse> {
  const refs: ReferenceMode = flags.refs === false ? 'none' : flags.refsOnly ? 'only' : 'all';
  const options = {
    kind: flags.kind,
    limit: limitFlag(flags),
    in: scopeFlag(context, flags.in),
    exact: flags.exact,
    refs,
    snippet: snippetFlag(flags),
    role: roleFlag(flags.role),
    refsIn: scopeFlag(context, flags.refsIn, '--refs-in'),
    refsNotIn: scopeFlag(context, flags.refsNotIn, '--refs-not-in'),
    group: groupFlag(flags.group),
  };
  return (query) =>
    daemonCall(
      context,
      'find',
      requestBody('find', { query: looksLikeTarget(query) ? rootRelativeTarget(context, query) : query, ...options }),
    );
}

function exitFor(answers: FindResponse[]): number {
  const found = answers.some(
    (response) => response.definition !== null || response.totalReferences > 0 || response.candidates.length > 0,
  );
  return found ? EXIT.ok : EXIT.nothingFound;
}
