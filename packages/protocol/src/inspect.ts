/** `cn inspect` — POST /inspect: the code block around one id (`id` → `result`) or many (`ids` → `results`). */
import { z } from 'zod';
import { MAX_ID_LENGTH, MAX_INSPECT_IDS } from './limits.js';
import { budgetReport } from './shared.js';

/**
 * `block`: the smallest declaration or folding region (an `if`, a callback) holding the place; `declaration`: the
 * smallest declaration `cn map` lists (a method, not the `if` in it); `surround`: lines either side.
 */
export const expandMode = z.enum(['block', 'declaration', 'surround']);
export type ExpandMode = z.infer<typeof expandMode>;
/** What a result is: one of the expand modes, or `lines` for an id that is a line range (`path:173-200`). */
export const inspectShape = z.enum([...expandMode.options, 'lines']);

const inspectOptions = {
  expand: expandMode.optional(),
  context: z.int().min(0).optional(),
  /** false: only each block's range, no code and no relatedSymbols (where a 1,000-line block ends, in a few tokens). */
  code: z.boolean().optional(),
  /** Shrink to about this many tokens: the code of the later blocks goes first (ranges stay), then blocks. */
  maxTokens: z.int().optional(),
};
export const inspectRequest = z.strictObject({ id: z.string().max(MAX_ID_LENGTH), ...inspectOptions });
export type InspectRequest = z.infer<typeof inspectRequest>;

/** Many targets in one call. */
export const inspectManyRequest = z.strictObject({
  /** Ids as cn prints them, `path:line[:col]`, line ranges `path:start-end`, or whole rg/compiler lines. */
  ids: z.array(z.string().max(MAX_ID_LENGTH)).max(MAX_INSPECT_IDS),
  ...inspectOptions,
  /** At most this many blocks. */
  limit: z.int().min(1).optional(),
});
export type InspectManyRequest = z.infer<typeof inspectManyRequest>;

export const inspectResult = z.object({
  /** The id of the declaration the block is (its name), else of the place asked: re-askable by any command. */
  id: z.string(),
  filePath: z.string(),
  range: z.object({ startLine: z.int(), endLine: z.int() }),
  expand: inspectShape,
  /** Absent when the request said `code: false`. */
  code: z.string().optional(),
  /** Absent when the request said `code: false`. */
  relatedSymbols: z.array(z.string()).optional(),
});
export type InspectResult = z.infer<typeof inspectResult>;
export const inspectResponse = z.object({
  result: inspectResult,
  /** Present under `maxTokens` (stage full, or no-previews: the code left out). */
  budget: budgetReport.optional(),
});
export type InspectResponse = z.infer<typeof inspectResponse>;

export const inspectManyResult = inspectResult.extend({
  /** The given ids this block answers: ids inside one block give one result. */
  ids: z.array(z.string()),
});
export type InspectManyResult = z.infer<typeof inspectManyResult>;
export const inspectFailure = z.object({ id: z.string(), kind: z.string(), message: z.string() });
export type InspectFailure = z.infer<typeof inspectFailure>;
export const inspectManyResponse = z.object({
  /** One entry per distinct block, in the order of the ids. */
  results: z.array(inspectManyResult),
  /** Ids that could not be inspected, with the reason. */
  failures: z.array(inspectFailure),
  /** Distinct blocks found, before `limit`. */
  total: z.int(),
  truncated: z.literal(true).optional(),
  /** Present under `maxTokens`: no-previews (later blocks without code), cut (blocks dropped) or totals. */
  budget: budgetReport.optional(),
});
export type InspectManyResponse = z.infer<typeof inspectManyResponse>;

/** The route takes either shape; the answer follows the request (`id` → `result`, `ids` → `results`). */
export const inspectAnyRequest = z.union([inspectRequest, inspectManyRequest]);
export const inspectAnyResponse = z.union([inspectResponse, inspectManyResponse]);
