/** `cn calls` — POST /calls: the call graph around one or more targets. */
import { z } from 'zod';
import { targetWordMatches } from './other-matches.js';
import { graphDepth, graphDirection, graphResponse, targetGuess, targetNarrowing, targetQuery } from './graph.js';
import { MAX_CALL_TARGETS, MAX_PATH_LENGTH } from './limits.js';
import { REFERENCE_ROLES } from './reference-roles.js';
import { budgetReport, namedLocation, optionalSearchReport, scopeWarnings } from './shared.js';

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
 * Callers are the innermost named declaration around the call (a function, method, class member, or a module-level
 * variable whose value holds the call: `export const X = make(() => call())`), or the file's `<module>` node (id: the
 * file's path) for the rest of its top level, callbacks there included; the unnamed functions between are on the edge
 * (`through`).
 */
export const callsResponse = graphResponse.extend({
  ...targetGuess,
  ...targetWordMatches,
  /** All the graph's roots when several targets were asked, or a name stood for several declarations (`root` first). */
  roots: z.array(z.string()).optional(),
  /**
   * A name that exactly names several callables (two functions `mergePath`): each is a root, none picked; here each
   * with the edges at it (into it for callers, out of it for callees) and their call sites, to re-ask by id for one.
   */
  meanings: z.array(namedLocation.extend({ edges: z.int(), callSites: z.int() })).optional(),
  /** Declarations of that name not answered: callables past 6 per name, and any past the 12 best, not judged. */
  moreMeanings: z.int().optional(),
  /**
   * References that do not call or construct (imports, types, `x instanceof Foo`, an override's declaration), summed
   * over the nodes expanded: left out.
   */
  nonCallSites: z.int().optional(),
  /** `nonCallSites` by what each does there (`declaration`: overrides and other declarations of the name). */
  nonCalls: z.partialRecord(z.enum(REFERENCE_ROLES), z.int()).optional(),
  /**
   * Calls of a namesake the engine listed among the references (the definition at the site is another declaration of
   * the name: another package's `raw`): left out.
   */
  namesakeCallSites: z.int().optional(),
  /** Call sites past the cap of that check (MAX_CHECKED_SITES per function), kept unchecked. */
  uncheckedCallSites: z.int().optional(),
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
