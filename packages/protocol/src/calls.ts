/** `cn calls` — POST /calls: the call graph around one or more targets. */
import { z } from 'zod';
import { graphDepth, graphDirection, graphResponse, targetGuess, targetNarrowing, targetQuery } from './graph.js';
import { MAX_CALL_TARGETS, MAX_PATH_LENGTH } from './limits.js';
import { budgetReport, optionalSearchReport, scopeWarnings } from './shared.js';

export const callsRequest = z.strictObject({
  /**
   * An id (`path::line::char`, `path:line:col`), a name resolved as `cn find` does, or a file
   * (`src/app.ts`): the calls made at its top level, outside any named function.
   */
  target: targetQuery,
  /** More targets answered in the same graph (`cn calls a b`). */
  targets: z
    .array(targetQuery)
    .max(MAX_CALL_TARGETS - 1)
    .optional(),
  direction: graphDirection.optional(),
  depth: graphDepth.optional(),
  ...targetNarrowing,
  /** Only callers in files under this root-relative path or matching this glob (as `cn find --in`). */
  refsIn: z.string().max(MAX_PATH_LENGTH).optional(),
  /** No callers in files under this path or matching this glob (tests: `--refs-not-in "**\/*.test.ts"`). */
  refsNotIn: z.string().max(MAX_PATH_LENGTH).optional(),
  /** At most this many edges (in the graph's order); `totalEdges` and `truncated` say when more exist. */
  limit: z.int().min(1).optional(),
  /** Shrink the answer to about this many tokens: edges cut from the end, then roots and totals only. */
  maxTokens: z.int().optional(),
});
export type CallsRequest = z.infer<typeof callsRequest>;

/**
 * Callers are the innermost named function, method or class member around the call, or the file's
 * `<module>` node (id: the file's path) for calls at its top level, callbacks there included.
 */
export const callsResponse = graphResponse.extend({
  ...targetGuess,
  /** All the graph's roots when several targets were asked (`root` is the first). */
  roots: z.array(z.string()).optional(),
  /**
   * References that do not call or construct (imports, types, `x instanceof Foo`), summed over the nodes expanded: left
   * out.
   */
  nonCallSites: z.int().optional(),
  /** Calls whose caller is in a file `refsIn`/`refsNotIn` leave out. */
  filteredCallSites: z.int().optional(),
  /** With callers (`in`, `both`): the projects they were searched in. */
  ...optionalSearchReport,
  /** How many edges the graph has when `limit` or `maxTokens` cut the list. */
  totalEdges: z.int().optional(),
  budget: budgetReport.optional(),
  ...scopeWarnings,
});
export type CallsResponse = z.infer<typeof callsResponse>;
