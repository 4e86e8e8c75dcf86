import type { CnErrorKind } from '@cn/core';

/** The one place an error kind becomes an HTTP status (the CLI maps kinds to exit codes). */
export const STATUS_BY_KIND: Record<CnErrorKind, number> = {
  'bad-input': 400,
  'not-found': 404,
  unavailable: 503,
  'engine-failure': 502,
  // The daemon writes no answers to files; a client's own I/O error never reaches it.
  io: 500,
  internal: 500,
};
