/** `cn impact` — POST /impact: what a change to symbols reaches, by callers and importers. */
import { z } from 'zod';
import { targetWordMatches } from './other-matches.js';
import { graphDepth, graphResponse, targetGuess, targetNarrowing, targetQuery } from './graph.js';
import { MAX_PATH_LENGTH, MAX_TARGET_LENGTH } from './limits.js';
import { budgetReport, scopeWarnings, searchReport } from './shared.js';

export const impactRequest = z.strictObject({
  /** An id, a name resolved as `cn find` does, or a file (its declarations). One of `target` and `since`. */
  target: targetQuery.optional(),
  /** A git ref: the declarations the working tree changed since it (`git diff <ref>`, untracked files whole). */
  since: z.string().max(MAX_TARGET_LENGTH).optional(),
  depth: graphDepth.optional(),
  ...targetNarrowing,
  /** Only files under this root-relative path or matching this glob are reached (and their callers followed). */
  refsIn: z.string().max(MAX_PATH_LENGTH).optional(),
  /** No files under this path or matching this glob (tests: `"**\/*.test.ts"`): neither listed nor followed. */
  refsNotIn: z.string().max(MAX_PATH_LENGTH).optional(),
  /** At most this many files (nearest first); `totalFiles` and `truncated` say when more exist. */
  limit: z.int().min(1).optional(),
  /** Shrink the answer to about this many tokens: files and edges cut from the end, then totals only. */
  maxTokens: z.int().optional(),
});
export type ImpactRequest = z.infer<typeof impactRequest>;

/**
 * Why a file is affected: it calls (or constructs) an affected symbol, imports or re-exports one, or names
 * one otherwise.
 */
export const impactReason = z.enum(['calls', 'imports', 'references']);
export type ImpactReason = z.infer<typeof impactReason>;

export const impactFile = z.object({
  /** Root-relative. */
  filePath: z.string(),
  /** 1: it uses a changed symbol; n: a caller n-1 steps away. */
  depth: z.int(),
  reasons: z.array(impactReason),
  /** A test file (`*.test.*`, `*.spec.*`, `test/`, `tests/`, `__tests__/` …). */
  test: z.literal(true).optional(),
});
export type ImpactFile = z.infer<typeof impactFile>;

/**
 * `nodes`/`edges`: the changed symbols (depth 0) and their callers to `depth`, edges from caller to callee
 * (as `cn calls`). `files`: every other file that calls, imports or names one of them, the changed symbols'
 * own files left out.
 */
export const impactResponse = graphResponse.extend({
  ...targetGuess,
  ...targetWordMatches,
  /** Every changed symbol when there are several (`root` is the first). */
  roots: z.array(z.string()).optional(),
  files: z.array(impactFile),
  /** The test files among `files`. */
  tests: z.array(z.string()),
  /** How many files there are when `limit` or `maxTokens` cut the list. */
  totalFiles: z.int().optional(),
  /** How many caller edges there are when `maxTokens` cut them. */
  totalEdges: z.int().optional(),
  /** Files `refsIn`/`refsNotIn` left out (each would have been listed). */
  filteredFiles: z.int().optional(),
  /** Calls of a namesake the engine listed among the references (see `cn calls`): left out, their files too. */
  namesakeCallSites: z.int().optional(),
  /**
   * One symbol asked: the files re-exporting its file (`export *`, `export { name } from`) and those re-exporting them,
   * nearest first (the first 8, each `file:line` and its statement; `total` counts all): the barrels its importers may
   * go through, followed. None (`total` 0) says each importer imports the file itself.
   */
  reExportedBy: z
    .object({ statements: z.array(z.object({ site: z.string(), statement: z.string() })), total: z.int() })
    .optional(),
  /** `since`: changed source files whose changes fall in no declaration (imports, top-level statements). */
  changedFiles: z.int().optional(),
  ...searchReport,
  budget: budgetReport.optional(),
  ...scopeWarnings,
});
export type ImpactResponse = z.infer<typeof impactResponse>;
