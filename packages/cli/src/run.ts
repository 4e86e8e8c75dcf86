import type { CAC } from 'cac';
import {
  ANSWER_FORMATS,
  CnError,
  MAX_TIMER_MS,
  errorLine,
  escapeControls,
  numberIn,
  type AnswerFormat,
} from '@cn/core';
import { flagAsTyped } from './argv.js';
import { EXIT, EXIT_BY_KIND } from './exit-codes.js';
import { daemonLoadingState, sharedProgress, showProgress, type ProgressStream } from './progress.js';
import { resolveProjectRoot } from './project-root.js';

export const DEFAULT_TIMEOUT_MS = 120_000;

export interface Context {
  /** The project root (project-root.ts), resolved when a command first asks for it. */
  readonly root: string;
  cwd: string;
  format: AnswerFormat;
  timeoutMs: number;
  /** Shows what a slow daemon call waits for (a cold start) on a terminal's stderr; absent with --quiet. */
  watch?: () => () => void;
  /** Where a long answer's progress line goes (statusLine: a terminal only); absent with --quiet. */
  progress?: ProgressStream;
}

export interface Outcome {
  output: string;
  exitCode: number;
}

/** What every command module gets: the cac instance and a way to run its action. */
export interface CommandHost {
  cli: CAC;
  /** A property, not a method: every command destructures it from the host. */
  run: (command: (context: Context) => Promise<Outcome>) => void;
}

export function wholeNumber(value: unknown, flag: string, min: number, max?: number): number | undefined {
  return value === undefined ? undefined : numberIn(value, flag, { min, max, whole: true });
}

/** `--timeout`: up to node's longest timer, which would otherwise fire at once. */
export function timeoutFlag(value: unknown): number {
  return wholeNumber(value, '--timeout', 1, MAX_TIMER_MS) ?? DEFAULT_TIMEOUT_MS;
}

export function contextFrom(options: {
  root?: unknown;
  format?: unknown;
  timeout?: unknown;
  quiet?: unknown;
}): Context {
  const format = options.format ?? 'json';
  if (!ANSWER_FORMATS.includes(format as AnswerFormat)) {
    throw new CnError(
      'bad-input',
      `unknown format '${typeof format === 'string' ? format : JSON.stringify(format)}'`,
      `use --format ${ANSWER_FORMATS.join(', ')}`,
    );
  }
  if (options.root !== undefined && typeof options.root !== 'string')
    throw new CnError('bad-input', '--root takes a directory');
  const cwd = process.cwd();
  let root: string | undefined;
  const context: Context = {
    // Found on first use: cn guide and cn schema need no project, and work anywhere.
    get root() {
      return (root ??= resolveProjectRoot(options.root as string | undefined, cwd));
    },
    cwd,
    format: format as AnswerFormat,
    timeoutMs: timeoutFlag(options.timeout),
  };
  if (options.quiet !== true) {
    context.progress = process.stderr;
    context.watch = sharedProgress(() => showProgress(process.stderr, () => daemonLoadingState(context.root)));
  }
  return context;
}

/** One stderr line with a hint and the documented exit code; never a stack trace. */
export function reportFailure(error: unknown): void {
  // cac reports bad usage (unknown option, missing argument) as plain errors.
  if (error instanceof Error && error.name === 'CACError') {
    say(`${flagAsTyped(error.message.replace(/`/g, "'"))} (see cn --help)`);
    process.exitCode = EXIT.badInput;
    return;
  }
  say(errorLine(error));
  process.exitCode = error instanceof CnError ? EXIT_BY_KIND[error.kind] : EXIT.engineFailure;
}

/** A `cn: …` line on stderr; whatever it quotes (a path, an id, a line of stdin) cannot steer the terminal. */
export function say(line: string): void {
  process.stderr.write(`cn: ${escapeControls(line)}\n`);
}
