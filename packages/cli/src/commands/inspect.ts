import { type InspectManyResponse, CnError, checkExpandMode, inspectInBatches } from '@cn/core';
import { daemonCall } from '@cn/client';
import { requestBody } from '@cn/protocol';
import { EXIT, EXIT_BY_KIND } from '../exit-codes.js';
import { printAnswer } from '../format/output.js';
import { say, wholeNumber, type CommandHost } from '../run.js';
import { idsFromLines, readStdin } from '../stdin-ids.js';
import { rootRelativeTarget } from '../user-paths.js';
import { limitFlag, maxTokensFlag, withAnswerOptions, type SharedFlags } from './agent-options.js';

interface InspectFlags extends SharedFlags {
  expand?: string;
  file?: unknown;
  context?: unknown;
  /** false with --no-code */
  code?: boolean;
}

export function registerInspect({ cli, run }: CommandHost): void {
  const command = cli
    .command(
      'inspect [...ids]',
      'The code block around each id (path::line::char, path:line[:col]); ids on stdin with - or a pipe',
    )
    .option(
      '--expand <mode>',
      'block (smallest enclosing declaration or block: an if, a callback; default), declaration (the declaration cn map lists: the method, not the if in it) or surround (lines either side)',
    )
    .option('--context <n>', 'Lines either side for surround (default 5)')
    .option('--no-code', "Only each block's line range: where a long block ends, without its text")
    .option('--file <path>', 'The file of lines that hold only a line number (rg -n pat file.ts prints no file name)');
  withAnswerOptions(command, {
    limit: 'At most n blocks (total still counts all; truncated: true)',
    maxTokens: 'Shrink the answer to about n tokens: code of the later blocks dropped first, then blocks',
  })
    .example('cn inspect src/domain/user.ts::19::3')
    .example('cn find User --refs-only --format ids | cn inspect - --format compact --max-tokens 2000')
    .example('grep -n "new User" -r src | cn inspect --expand surround --context 2')
    .example('grep -n "throw" src/domain/user.ts | cn inspect - --file src/domain/user.ts --expand declaration')
    .action((given: string[], flags: InspectFlags) =>
      run(async (context) => {
        const explicitStdin = given.includes('-');
        const fromStdin = explicitStdin || (given.length === 0 && !process.stdin.isTTY);
        const stdin = fromStdin ? await readStdin(explicitStdin ? undefined : IMPLICIT_STDIN_WAIT_MS) : '';
        const file = flags.file === undefined ? undefined : fileFlag(flags.file);
        const typed = given.filter((id) => id !== '-');
        // With --file, a typed line number is a place in it (`cn inspect 590 --file src/a.ts`).
        const raw = [
          ...(file === undefined ? typed : typed.map((id) => (/^\d+(?::\d+)?$/.test(id) ? `${file}:${id}` : id))),
          ...idsFromLines(stdin, file),
        ];
        if (raw.length === 0)
          throw new CnError(
            'bad-input',
            'no ids given',
            'pass ids as arguments, or - to read them from stdin (cn find X --format ids | cn inspect -)',
          );
        const ids = raw.map((id) => rootRelativeTarget(context, id));
        const options = {
          expand: flags.expand === undefined ? undefined : checkExpandMode(flags.expand),
          context: wholeNumber(flags.context, '--context', 0),
          code: flags.code,
        };
        const maxTokens = maxTokensFlag(flags);
        // One id typed as an argument keeps the single-result contract; many, or any from stdin, get `results`.
        if (ids.length === 1 && !fromStdin && flags.limit === undefined) {
          const response = await daemonCall(context, 'inspect', requestBody('inspect', { id: ids[0], ...options }));
          return printAnswer(context, 'inspect', response, { exitCode: EXIT.ok, maxTokens, output: flags.output });
        }
        const request = requestBody('inspect', { ids, ...options, limit: limitFlag(flags) });
        const response = await inspectInBatches(request, (batch) => daemonCall(context, 'inspect', batch));
        reportFailures(response.failures);
        const exitCode =
          response.results.length > 0
            ? EXIT.ok
            : (EXIT_BY_KIND[(response.failures[0]?.kind ?? 'not-found') as keyof typeof EXIT_BY_KIND] ??
              EXIT.nothingFound);
        // The failures went to stderr: stdout keeps data only (json keeps them, as data), never an error twice.
        const printed = context.format === 'json' ? response : { ...response, failures: [] };
        return printAnswer(context, 'inspect', printed, { exitCode, maxTokens, output: flags.output });
      }),
    );
}

/** `--file`: a path, sent as typed (rootRelativeTarget makes each id root-relative). */
function fileFlag(file: unknown): string {
  if (typeof file !== 'string' || file.trim() === '')
    throw new CnError('bad-input', '--file takes a path', 'e.g. rg -n throw src/a.ts | cn inspect - --file src/a.ts');
  return file;
}

const FAILURES_SHOWN = 5;
/** Without `-`, a stdin silent this long is taken as "no ids", not waited on. */
const IMPLICIT_STDIN_WAIT_MS = 5_000;

/** Failed ids go to stderr (stdout stays data), a few lines at most: an rg dump can hold thousands. */
function reportFailures(failures: InspectManyResponse['failures']): void {
  for (const failure of failures.slice(0, FAILURES_SHOWN)) say(`${failure.id}: ${failure.message}`);
  if (failures.length > FAILURES_SHOWN)
    say(`… ${failures.length - FAILURES_SHOWN} more ids failed (see failures in --format json)`);
}
