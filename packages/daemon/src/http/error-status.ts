import type { CnErrorKind } from '@cn/core';

/** The one place an error kind becomes an HTTP status (the CLI maps kinds to exit codes). */
export const STATUS_BY_KIND: Record<CnErrorKind, number> = {
  'bad-input': 400,
  'not-found': 404,
  unavailable: 503,
  'engine-failure': 502,
  // A rename whose files could not be written (read-only, a symlink, not a regular file): nothing was changed.
  io: 500,
  conflict: 409,
  internal: 500,
};
