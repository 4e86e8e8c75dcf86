import { CnError, PRESENTERS, formatsOf, type AnswerFormat } from '@cn/core';

/**
 * Which of the global options (`--root`, `--format`, `--timeout`) a command honours. Its `--help` lists only
 * these, and it refuses the others rather than ignore them (`cn guide --format json` printed Markdown).
 */
export interface CommandScope {
  root: boolean;
  timeout: boolean;
  /** `--quiet`: it may wait for a daemon to start and a project to load, and says so on a terminal. */
  quiet: boolean;
  /** The `--format` values it prints; empty: it takes no `--format`. */
  formats: readonly AnswerFormat[];
  /** What it prints instead, said when it refuses `--format`. */
  prints?: string;
}

/** Commands that ask the root's daemon and print its answer in the formats of their presenter. */
const asking = (formats: readonly AnswerFormat[]): CommandScope => ({
  root: true,
  timeout: true,
  quiet: true,
  formats,
});
/** Commands that ask a running daemon and never start one: nothing to wait for, no progress to silence. */
const askingRunning = (formats: readonly AnswerFormat[]): CommandScope => ({ ...asking(formats), quiet: false });

/** Every command of `cn`, by name (an alias shares its command's scope); a new command adds its line here. */
export const COMMAND_SCOPES: Record<string, CommandScope> = {
  overview: asking(formatsOf(PRESENTERS.overview)),
  map: asking(formatsOf(PRESENTERS.map)),
  find: asking(formatsOf(PRESENTERS.find)),
  inspect: asking(formatsOf(PRESENTERS.inspect)),
  calls: asking(formatsOf(PRESENTERS.calls)),
  impact: asking(formatsOf(PRESENTERS.impact)),
  impl: asking(formatsOf(PRESENTERS.impl)),
  type: asking(formatsOf(PRESENTERS.type)),
  deps: asking(formatsOf(PRESENTERS.deps)),
  diagnostics: asking(formatsOf(PRESENTERS.diagnostics)),
  unused: asking(formatsOf(PRESENTERS.unused)),
  search: asking(formatsOf(PRESENTERS.search)),
  grep: asking(formatsOf(PRESENTERS.grep)),
  rename: asking(formatsOf(PRESENTERS.rename)),
  check: asking(formatsOf(PRESENTERS.check)),
  // A few rows of state: no list to make compact.
  start: asking(['json', 'text']),
  status: askingRunning(['json', 'text']),
  stop: askingRunning(['json', 'text']),
  // The server's tools take `format` each; its own stdout is the protocol.
  mcp: {
    root: true,
    timeout: true,
    quiet: false,
    formats: [],
    prints: 'it speaks MCP on stdio; each tool takes a format argument',
  },
  schema: { root: false, timeout: false, quiet: false, formats: [], prints: 'it prints JSON Schema' },
  guide: { root: false, timeout: false, quiet: false, formats: [], prints: 'it prints Markdown' },
};

export function scopeOf(command: string): CommandScope {
  const scope = COMMAND_SCOPES[command];
  if (!scope) throw new Error(`cn ${command} has no entry in COMMAND_SCOPES`);
  return scope;
}

/** One line on stderr for a global option the command would ignore; the format list when a format is missing. */
export function refuseUnhonoured(
  command: string,
  options: { root?: unknown; format?: unknown; timeout?: unknown; quiet?: unknown },
): void {
  const scope = scopeOf(command);
  if (options.format !== undefined && !scope.formats.includes(options.format as AnswerFormat)) {
    throw scope.formats.length === 0
      ? new CnError('bad-input', `cn ${command} takes no --format`, scope.prints)
      : new CnError(
          'bad-input',
          `cn ${command} has no --format ${typeof options.format === 'string' ? options.format : JSON.stringify(options.format)}`,
          `use --format ${scope.formats.join(', ')}`,
        );
  }
  if (options.root !== undefined && !scope.root)
    throw new CnError('bad-input', `cn ${command} takes no --root`, 'it reads no project');
  if (options.timeout !== undefined && !scope.timeout)
    throw new CnError('bad-input', `cn ${command} takes no --timeout`, 'it asks no daemon');
  if (options.quiet !== undefined && !scope.quiet)
    throw new CnError(
      'bad-input',
      `cn ${command} takes no --quiet`,
      'it shows no progress: it never waits for a project to load',
    );
}
