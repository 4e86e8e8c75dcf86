import { escapeControls } from '../format/control-characters.js';

/**
 * Every user-visible failure is one of these kinds. The daemon maps a kind to an HTTP status once
 * (daemon/src/http/error-status.ts) and the CLI maps it to an exit code once (cli/src/exit-codes.ts).
 */
export type CnErrorKind =
  | 'bad-input' // malformed id, unknown file, line out of range, outside the root … → exit 2
  | 'not-found' // a well-formed question with no answer → exit 1
  | 'unavailable' // daemon could not be started or reached → exit 3
  | 'engine-failure' // the language server failed, crashed or timed out → exit 4
  | 'io' // the answer could not be written where asked (--output), or a rename's files → exit 5
  | 'conflict' // a rename's files changed since its preview (--if-unchanged) → exit 6
  | 'internal'; // a bug; reported like an engine failure

export class CnError extends Error {
  readonly kind: CnErrorKind;
  /** One short sentence telling the user what to do next. */
  readonly hint?: string;

  constructor(kind: CnErrorKind, message: string, hint?: string) {
    super(message);
    this.name = 'CnError';
    this.kind = kind;
    this.hint = hint;
  }
}

/**
 * Bad input of one known cause: nothing exists at the path the user named. A class of its own so that a
 * caller can give the cause in its own words (a directory, not a file) without reading the message.
 */
export class MissingPath extends CnError {
  constructor(displayPath: string, hint?: string) {
    super('bad-input', `no such file: ${displayPath}`, hint);
  }
}

export const badInput = (message: string, hint?: string) => new CnError('bad-input', message, hint);
export const notFound = (message: string, hint?: string) => new CnError('not-found', message, hint);
export const conflict = (message: string, hint?: string) => new CnError('conflict', message, hint);
export const engineFailure = (message: string, hint?: string) => new CnError('engine-failure', message, hint);

export function isCnError(value: unknown): value is CnError {
  return value instanceof CnError;
}

/**
 * The line cn prints for a failure, without its `cn: ` prefix: the same on the CLI's stderr and in an MCP tool's
 * answer. One line whatever the message quotes (a path, an id, a line of stdin): its control characters escaped.
 */
export function errorLine(error: unknown): string {
  if (isCnErrorLike(error)) return escapeControls(`${error.message}${error.hint ? ` (${error.hint})` : ''}`);
  const message = error instanceof Error ? error.message : String(error);
  return escapeControls(`unexpected failure: ${message.split('\n')[0]}`);
}

/** By shape too: the bundled CLI hands `cn mcp` errors made by its own inlined copy of @cn/core. */
function isCnErrorLike(error: unknown): error is CnError {
  return isCnError(error) || (error instanceof Error && error.name === 'CnError' && 'kind' in error);
}

/** The wire shape of an error, shared by HTTP responses and the CLI (defined in the HTTP contract). */
import type { ErrorBody } from '@cn/protocol';
export type { ErrorBody } from '@cn/protocol';

export function toErrorBody(error: unknown): ErrorBody {
  if (isCnError(error)) return { error: { kind: error.kind, message: error.message, hint: error.hint } };
  const message = error instanceof Error ? error.message : String(error);
  return { error: { kind: 'internal', message } };
}
