import { CnError } from './domain/errors.js';

/** The largest request body the daemon reads (its questions are small: a query, a path, a list of ids). */
export const MAX_REQUEST_BYTES = 64 * 1024;

/**
 * The most a client reads of one answer. The biggest real answers (an uncut overview of a large
 * monorepo) are a few MB; a server that streams without end must not fill the client's memory.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/**
 * Refused by the client before sending: the daemon refuses such a body before it can check the
 * request's proof, so its 413 carries no proof of its own and would read as "not the daemon".
 */
export function requestTooLarge(): CnError {
  return new CnError(
    'bad-input',
    `the request is over ${MAX_REQUEST_BYTES / 1024} KB`,
    'ask for fewer ids or files at a time',
  );
}

/** The CLI and the MCP server report an answer over the cap, and one past --timeout, in the same words. */
export function answerTooLarge(): CnError {
  return new CnError(
    'engine-failure',
    `the daemon's answer is over ${MAX_ANSWER_BYTES / 1024 / 1024} MB`,
    'narrow the question: --limit, --max-tokens or a smaller path',
  );
}

export function answerOverdue(timeoutMs: number): CnError {
  return new CnError(
    'engine-failure',
    `no answer from the daemon within ${timeoutMs} ms`,
    'raise --timeout, or check cn status',
  );
}
