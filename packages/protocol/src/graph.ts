/** Schema pieces the graph commands share (calls, impl, type, deps). */
import { z } from 'zod';
import { MAX_DEPTH, MAX_KIND_LENGTH, MAX_PATH_LENGTH, MAX_TARGET_LENGTH } from './limits.js';
import { namedLocation } from './shared.js';

export const graphDirection = z.enum(['in', 'out', 'both']);
export type GraphDirection = z.infer<typeof graphDirection>;
export const graphDepth = z.int().min(1).max(MAX_DEPTH);

/** A symbol asked for: an id (`path::line::char`, `path:line:col`) or a name resolved as `cn find` does. */
export const targetQuery = z.string().max(MAX_TARGET_LENGTH);

/** How a target given as a name is narrowed, as `cn find` narrows its query (ids and files ignore them). */
export const targetNarrowing = {
  /** Only symbols of this kind. */
  kind: z.string().max(MAX_KIND_LENGTH).optional(),
  /** Only declarations under this root-relative path, or matching this glob (as `cn find --in`). */
  in: z.string().max(MAX_PATH_LENGTH).optional(),
  /** Only names equal to the target (as `cn find --exact`). */
  exact: z.boolean().optional(),
};
export type TargetNarrowing = z.infer<z.ZodObject<typeof targetNarrowing>>;

/** Fields calls, impl and type add when a name was a guess. */
export const targetGuess = {
  /** Another match ranks as high as the one answered, or no name matched exactly: re-ask by a candidate's id. */
  ambiguous: z.literal(true).optional(),
  candidates: z.array(namedLocation).optional(),
};
export type TargetGuess = z.infer<z.ZodObject<typeof targetGuess>>;

export const graphNode = z.object({
  /** A symbol: `path::line::char` of its name. A file: its root-relative path. A package: its name. */
  id: z.string(),
  name: z.string(),
  /** LSP SymbolKind name for symbols; `File`, `Package` or `Unresolved` in the import graph. */
  kind: z.string(),
  container: z.string().optional(),
  /** Steps from the root (0 for the root itself). */
  depth: z.int(),
  /** Import graph only: the file is an entry point (package.json main/bin/exports, tests, configs). */
  entryPoint: z.boolean().optional(),
});
export type GraphNode = z.infer<typeof graphNode>;

/** An import statement behind an edge of the import graph: what an agent would otherwise grep for. */
export const importStatement = z.object({
  /** Where the statement starts in the importing file (1-based). */
  line: z.int(),
  /** The statement as written, its lines joined (whitespace collapsed), long ones cut in the middle with `…`. */
  text: z.string(),
  /** It resolved through a tsconfig `paths` pattern (`~/*`) that this config (root-relative) declares. */
  via: z.object({ paths: z.string(), config: z.string() }).optional(),
});
export type ImportStatement = z.infer<typeof importStatement>;

export const graphEdge = z.object({
  /** The caller, or the importing file. */
  from: z.string(),
  /** The callee, or the imported file/package. */
  to: z.string(),
  kind: z.enum(['calls', 'imports']),
  /** calls: where `from` calls `to` (ids in the caller's file). */
  callSites: z.array(z.string()).optional(),
  /**
   * calls: the call sites that sit in unnamed functions of the caller (callbacks, IIFEs, `return class …`), each
   * with those functions, outermost first: `{ "src/app.ts::365::7": ["arrow@364"] }` (kind and start line).
   */
  through: z.record(z.string(), z.array(z.string())).optional(),
  /** imports: where `from` names `to` (ids of the module specifiers). */
  importSites: z.array(z.string()).optional(),
  /** imports: the statement of each import site, in the same order. */
  statements: z.array(importStatement).optional(),
});
export type GraphEdge = z.infer<typeof graphEdge>;

export const graphResponse = z.object({
  /** Id of the node the graph grew from. */
  root: z.string(),
  direction: graphDirection,
  depth: z.int(),
  nodes: z.array(graphNode),
  edges: z.array(graphEdge),
  /** True when the node cap stopped the walk before the requested depth. */
  truncated: z.boolean().optional(),
});
export type GraphResponse = z.infer<typeof graphResponse>;
