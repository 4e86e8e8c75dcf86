import type { CnErrorKind } from '@cn/core';

/** Documented in the README; the one place an error kind becomes an exit code. */
export const EXIT = {
  ok: 0,
  nothingFound: 1,
  badInput: 2,
  unavailable: 3,
  engineFailure: 4,
  io: 5,
  conflict: 6,
} as const;

export const EXIT_BY_KIND: Record<CnErrorKind, number> = {
  'not-found': EXIT.nothingFound,
  'bad-input': EXIT.badInput,
  unavailable: EXIT.unavailable,
  'engine-failure': EXIT.engineFailure,
  io: EXIT.io,
  conflict: EXIT.conflict,
  internal: EXIT.engineFailure,
};
