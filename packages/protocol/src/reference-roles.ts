/**
 * What a reference does at its place, read from the syntax there (`cn find --role`). Zod-free: the CLI checks
 * `--role` against this list before it calls the daemon, and its bundle must not load zod.
 */
export const REFERENCE_ROLES = [
  'declaration',
  'import',
  'export',
  'call',
  'new',
  'read',
  'write',
  'type',
  'extends',
  'implements',
  'comment',
] as const;
export type ReferenceRole = (typeof REFERENCE_ROLES)[number];

/** `--group file`: one entry per file with counts; `--group symbol`: one per enclosing declaration. */
export const REFERENCE_GROUPINGS = ['file', 'symbol'] as const;
export type ReferenceGrouping = (typeof REFERENCE_GROUPINGS)[number];
