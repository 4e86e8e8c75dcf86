/** `cn find` — POST /find: a symbol's definition and references. */
import { z } from 'zod';
import { MAX_KIND_LENGTH, MAX_PATH_LENGTH, MAX_TARGET_LENGTH } from './limits.js';
import { budgetReport, fileCount, locationRef, snippetLevel } from './shared.js';

/** `all` (default): definition and references; `none`: definition only; `only`: references only. */
export const referenceMode = z.enum(['all', 'none', 'only']);
export type ReferenceMode = z.infer<typeof referenceMode>;

export const findRequest = z.strictObject({
  /** A name, Container.member, an id, or a pattern (`*Router`; `*` lists all, with kind or in). */
  query: z.string().max(MAX_TARGET_LENGTH),
  kind: z.string().max(MAX_KIND_LENGTH).optional(),
  limit: z.int().min(1).optional(),
  /** Only definitions under this root-relative path, or matching this glob (`src/**\/*.ts`). */
  in: z.string().max(MAX_PATH_LENGTH).optional(),
  /** Only names equal to the query (case-sensitive); no prefix, substring or other-case matches. */
  exact: z.boolean().optional(),
  refs: referenceMode.optional(),
  snippet: snippetLevel.optional(),
  maxTokens: z.int().optional(),
});
export type FindRequest = z.infer<typeof findRequest>;

// `maxTokens` may drop previews (stage no-previews), so here they are not required.
const reference = locationRef.extend({ preview: z.string().optional() });
export const candidate = reference.extend({
  name: z.string(),
  container: z.string().optional(),
  snippet: z.string().optional(),
});
export type Candidate = z.infer<typeof candidate>;

export const findResponse = z.object({
  query: z.string(),
  definition: candidate.nullable(),
  references: z.array(reference),
  /** How many references exist; more than `references.length` when `limit` cut the list. */
  totalReferences: z.int(),
  candidates: z.array(candidate),
  /** How many other symbols matched; more than `candidates.length` when cut. */
  totalCandidates: z.int().optional(),
  /** Set when a list was cut by `limit` or `maxTokens`. */
  truncated: z.literal(true).optional(),
  /** Set when another match ranks as high as the definition: re-ask by id or Container.name. */
  ambiguous: z.literal(true).optional(),
  /** Nothing matched the name: the closest names in the project (edit distance), to re-ask with. */
  didYouMean: z.array(z.string()).optional(),
  /** `grouped` stage: references as counts per file. */
  referenceFiles: z.array(fileCount).optional(),
  /**
   * The query was a name pattern (`*Router`) or a listing (`*` with kind/in): candidates are every match,
   * best first, totalCandidates counts them all; no definition is chosen and references are not searched.
   */
  pattern: z.literal(true).optional(),
  /** Echoed when not `all`: `none` means references were not searched (totalReferences is 0). */
  refs: referenceMode.optional(),
  budget: budgetReport.optional(),
});
export type FindResponse = z.infer<typeof findResponse>;
