/** `cn unused` — POST /unused: declarations nothing (or nothing that counts) uses. */
import { z } from 'zod';
import { MAX_KIND_LENGTH, MAX_PATH_LENGTH, MAX_UNUSED_PATHS } from './limits.js';
import { otherMatches } from './other-matches.js';
import { budgetReport, scopeWarnings, searchReport } from './shared.js';

export const unusedRequest = z.strictObject({
  /** A source file or a directory, root-relative or absolute; absent: the whole project. */
  path: z.string().max(MAX_PATH_LENGTH).optional(),
  /** More files or directories checked with `path`, as one answer (`cn unused a.ts b.ts`). */
  morePaths: z.array(z.string().max(MAX_PATH_LENGTH)).max(MAX_UNUSED_PATHS).optional(),
  /** Only exported declarations, and only uses from other files count ("which exports does no other file use"). */
  exported: z.boolean().optional(),
  /**
   * Instead of `path`: a class (name, `Container.Class`, or id) whose static and instance members to
   * check; uses through subclasses count. With `exported`, only public members, and only uses from other files.
   */
  membersOf: z.string().max(MAX_PATH_LENGTH).optional(),
  /** Only declarations of this kind, in `cn find --kind`'s words (function, class, getter …). */
  kind: z.string().max(MAX_KIND_LENGTH).optional(),
  /** Only uses in files under this root-relative path, or matching this glob, count. */
  refsIn: z.string().max(MAX_PATH_LENGTH).optional(),
  /** Uses in files under this root-relative path, or matching this glob, do not count. */
  refsNotIn: z.string().max(MAX_PATH_LENGTH).optional(),
  /** At most this many symbols listed; `total` still counts all. */
  limit: z.int().min(1).optional(),
});
export type UnusedRequest = z.infer<typeof unusedRequest>;

export const unusedSymbol = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  line: z.int(),
  /** Exported symbols (members: public ones) may still be used from outside the project (a library's public API). */
  exported: z.boolean(),
  /**
   * Its only counted uses are in test files (`*.test.*`, `*.spec.*`, `test/`, `__tests__/` …): dead code tests keep
   * alive.
   */
  usedOnlyByTests: z.literal(true).optional(),
  /**
   * Possibly used: no reference names it, but a computed key reads its module's exports there (the id of
   * `ns[key]`, `ns.sub[key]`), or its class's or enum's members (`Color[name]`, with `membersOf`).
   */
  computedAccess: z.string().optional(),
  /** Members only: the class they belong to. */
  container: z.string().optional(),
  /** Members only: a static member. */
  static: z.literal(true).optional(),
  /**
   * With `exported`, for a few files: the declaration's line as written (`export const f = g`), so whether an export
   * is a function, an alias or a type needs no `rg -n "^export"` of the file.
   */
  declaration: z.string().optional(),
  /**
   * What `rg -w Name` over the files whose uses count would hit beyond the declaration and its references: the
   * evidence that none of it is a use (the first 10 symbols listed).
   */
  otherMatches: otherMatches.optional(),
});
export type UnusedSymbol = z.infer<typeof unusedSymbol>;

/** One file's unused symbols, in line order. */
export const unusedFile = z.object({
  filePath: z.string(),
  unused: z.array(unusedSymbol),
  /**
   * With `exported`, for a few files: the barrels re-exporting the file with `export *`, then those re-exporting
   * them, nearest first (8 listed with their statements; `total`): an import of a name through them is a use,
   * searched. Agents grepped imports `from '@mikro-orm/core'` after the answer to check the barrel was counted.
   */
  reExportedBy: z
    .object({ statements: z.array(z.object({ site: z.string(), statement: z.string() })), total: z.int() })
    .optional(),
});
export type UnusedFile = z.infer<typeof unusedFile>;

export const unusedResponse = z.object({
  /** What was checked: the file or directory, root-relative; `.` for the whole project. */
  path: z.string(),
  /** With `membersOf`: the class whose members were checked. */
  membersOf: z.string().optional(),
  /** Source files checked. */
  filesChecked: z.int(),
  /**
   * Files listed for checking that were deleted while cn checked them, or rewritten so that a declaration was no
   * longer where their outline put it (root-relative, in path order): skipped, their declarations neither checked nor
   * reported.
   */
  deletedWhileChecking: z.array(z.string()).optional(),
  /** Top-level declarations checked (overloads once). */
  checked: z.int(),
  /** Files with something to report, in path order. */
  files: z.array(unusedFile),
  /** Symbols reported, before `limit` or `maxTokens` cut the list. */
  total: z.int(),
  /** How many of `total` are used only by tests. */
  usedOnlyByTests: z.int(),
  /** How many of `total` a computed key may read (`computedAccess`): possibly used. */
  possiblyUsed: z.int().optional(),
  /**
   * What "used" rests on: each declaration checked and found used, with how many files' uses counted and the first
   * of them (root-relative), in line order; given when at most 30 were found used (else only counted, as
   * `checked - total`). An agent checked a list of the unused with rg until the used ones came with their users, and
   * listed a file's exported functions with rg until each used one came with its kind.
   */
  used: z
    .array(
      z.object({
        name: z.string(),
        kind: z.string(),
        id: z.string(),
        files: z.int(),
        by: z.array(z.string()),
        /** With `exported`, for a few files: the declaration's line as written, as `declaration` of the unused. */
        declaration: z.string().optional(),
      }),
    )
    .optional(),
  truncated: z.literal(true).optional(),
  budget: budgetReport.optional(),
  ...scopeWarnings,
  /** Echoed from the request, so the answer says which uses counted: only other files' (`exported`), where. */
  exported: z.literal(true).optional(),
  kind: z.string().optional(),
  refsIn: z.string().optional(),
  refsNotIn: z.string().optional(),
  ...searchReport,
});
export type UnusedResponse = z.infer<typeof unusedResponse>;
