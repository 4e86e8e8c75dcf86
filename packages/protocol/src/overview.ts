/** `cn overview` — POST /overview: the repo map. */
import { z } from 'zod';
import { MAX_PATH_LENGTH } from './limits.js';
import { budgetReport, kindCounts } from './shared.js';

export const overviewRequest = z.strictObject({
  /** Root-relative directory (default: the whole root). */
  dir: z.string().max(MAX_PATH_LENGTH).optional(),
  /** Cut the file list to about this many tokens; default 2000, 0 = no cut. */
  maxTokens: z.int().min(0).optional(),
  /** At most this many files. */
  limit: z.int().min(1).optional(),
});
export type OverviewRequest = z.infer<typeof overviewRequest>;

export const overviewSymbol = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  exported: z.boolean(),
  /** One-line signature (the `fold` snippet). */
  signature: z.string(),
  /** Project files that import (or re-export) a binding of this name: a cheap popularity count. */
  importedBy: z.int(),
  /** More declarations of the same name in the file: overload signatures, merged namespaces. */
  overloads: z.int().optional(),
});
export type OverviewSymbol = z.infer<typeof overviewSymbol>;

export const overviewFile = z.object({
  filePath: z.string(),
  symbols: z.array(overviewSymbol),
  /** Top-level declarations not listed (see cn map). */
  omitted: z.int().optional(),
});
export type OverviewFile = z.infer<typeof overviewFile>;

export const overviewResponse = z.object({
  dir: z.string(),
  counts: z.object({ files: z.int(), symbols: z.int(), byKind: kindCounts }),
  mostImported: z.array(
    z.object({ id: z.string(), name: z.string(), kind: z.string(), filePath: z.string(), importedBy: z.int() }),
  ),
  files: z.array(overviewFile),
  /** Files with declarations under `dir`; more than `files.length` when cut. */
  total: z.int(),
  truncated: z.literal(true).optional(),
  budget: budgetReport.optional(),
});
export type OverviewResponse = z.infer<typeof overviewResponse>;
