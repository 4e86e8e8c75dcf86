/**
 * The HTTP contract of the graph commands (calls, impl, type, deps, diagnostics). As with
 * contract.ts, the CLI's `--format json` output is exactly these response objects.
 */
import type { BudgetReport } from './contract.js';
import type { LocationRef } from './domain/location.js';

export type GraphDirection = 'in' | 'out' | 'both';

export interface GraphNode {
  /** A symbol: `path::line::char` of its name. A file: its root-relative path. A package: its name. */
  id: string;
  name: string;
  /** LSP SymbolKind name for symbols; `File`, `Package` or `Unresolved` in the import graph. */
  kind: string;
  container?: string;
  /** Steps from the root (0 for the root itself). */
  depth: number;
  /** Import graph only: the file is an entry point (package.json main/bin/exports, tests, configs). */
  entryPoint?: boolean;
}

export interface GraphEdge {
  /** The caller, or the importing file. */
  from: string;
  /** The callee, or the imported file/package. */
  to: string;
  kind: 'calls' | 'imports';
  /** calls: where `from` calls `to` (ids in the caller's file). */
  callSites?: string[];
  /** imports: where `from` names `to` (ids of the module specifiers). */
  importSites?: string[];
}

export interface GraphResponse {
  /** Id of the node the graph grew from. */
  root: string;
  direction: GraphDirection;
  depth: number;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** True when the node cap stopped the walk before the requested depth. */
  truncated?: boolean;
}

export interface CallsRequest extends TargetNarrowing {
  /**
   * An id (`path::line::char`, `path:line:col`), a name resolved as `cn find` does, or a file
   * (`src/app.ts`): the calls made at its top level, outside any named function.
   */
  target: string;
  /** More targets answered in the same graph (`cn calls a b`). */
  targets?: string[];
  direction?: GraphDirection;
  depth?: number;
  /** Only callers in files under this root-relative path or matching this glob (as `cn find --in`). */
  refsIn?: string;
  /** No callers in files under this path or matching this glob (tests: `--refs-not-in "**\/*.test.ts"`). */
  refsNotIn?: string;
  /** At most this many edges (in the graph's order); `totalEdges` and `truncated` say when more exist. */
  limit?: number;
  /** Shrink the answer to about this many tokens: edges cut from the end, then roots and totals only. */
  maxTokens?: number;
}

/** Fields calls, impl and type add when a name was a guess. */
export interface TargetGuess {
  /** Another match ranks as high as the one answered, or no name matched exactly: re-ask by a candidate's id. */
  ambiguous?: true;
  candidates?: NamedLocation[];
}

/**
 * Callers are the innermost named function, method or class member around the call, or the file's
 * `<module>` node (id: the file's path) for calls at its top level, callbacks there included.
 */
export interface CallsResponse extends GraphResponse, TargetGuess {
  /** All the graph's roots when several targets were asked (`root` is the first). */
  roots?: string[];
  /** References that do not call or construct (imports, types, `x instanceof Foo`, `toBeInstanceOf(z.Foo)`), summed over the nodes expanded: left out. */
  nonCallSites?: number;
  /** Calls whose caller is in a file `refsIn`/`refsNotIn` leave out. */
  filteredCallSites?: number;
  /** How many edges the graph has when `limit` or `maxTokens` cut the list. */
  totalEdges?: number;
  budget?: BudgetReport;
}

export interface DepsRequest {
  /** A project file (relative to the root or absolute). Required unless `orphans`. */
  file?: string;
  direction?: GraphDirection;
  depth?: number;
  /** List project files nothing imports instead of a graph. */
  orphans?: boolean;
}
export type DepsResponse = GraphResponse;

export interface OrphanFile {
  /** Root-relative path. */
  filePath: string;
  /** Nothing imports it, but it is meant to be run or loaded directly. */
  entryPoint: boolean;
}
export interface OrphansResponse {
  orphans: OrphanFile[];
  /** How many project files were examined. */
  totalFiles: number;
}

/** How a target given as a name is narrowed, as `cn find` narrows its query (ids and files ignore them). */
export interface TargetNarrowing {
  /** Only symbols of this kind. */
  kind?: string;
  /** Only declarations under this root-relative path, or matching this glob (as `cn find --in`). */
  in?: string;
  /** Only names equal to the target (as `cn find --exact`). */
  exact?: boolean;
}

export interface SymbolTargetRequest extends TargetNarrowing {
  target: string;
}

export interface NamedLocation extends LocationRef {
  name: string;
  container?: string;
}

/** sub: what extends or implements the target; super: what the target extends or implements. */
export type HierarchyDirection = 'sub' | 'super' | 'both';

export interface ImplRequest extends SymbolTargetRequest {
  /** Default sub. */
  direction?: HierarchyDirection;
  /** Levels to follow (1 = direct only); default every level, up to MAX_DEPTH. */
  depth?: number;
  /** At most this many entries, subtypes first, nearest first (`total` still counts all). */
  limit?: number;
}

/** A type in the hierarchy of the target (or a member implementing the target member). */
/**
 * `class-expression`: the class is an expression (`const Ring = class extends Circle {}`), named by
 * what holds it, with kind Class; absent for class declarations, interfaces and type aliases.
 */
export interface DeclarationForm {
  declaration?: 'class-expression';
}

export interface HierarchyEntry extends NamedLocation, DeclarationForm {
  /** Steps from the target: 1 for a direct subtype or supertype. */
  depth: number;
  /** Id of the type it was reached from: the one it extends (sub) or the one extending it (super). */
  via: string;
  /** How it is related to `via`. */
  relation: 'extends' | 'implements';
}

export interface ImplResponse extends TargetGuess {
  /** The class, interface, abstract member … that was asked about. */
  target: NamedLocation & DeclarationForm;
  direction: HierarchyDirection;
  depth: number;
  /** Subtypes at every requested level, nearest first (empty for --direction super). */
  implementations: HierarchyEntry[];
  /** Supertypes, nearest first; one outside the root is named as written and not followed further. */
  supertypes: HierarchyEntry[];
  /** tsconfig/jsconfig projects (and the loose-file project) that were loaded and searched. */
  projects: number;
  /** False when something may be missing; `incomplete` says what. */
  complete: boolean;
  incomplete?: string;
  /** Entries found (subtypes and supertypes), when --limit or --max-tokens listed fewer. */
  total?: number;
  truncated?: true;
  /** Present when the answer was shrunk to a token budget (stage: full, no-previews or cut). */
  budget?: BudgetReport;
}

export type TypeRequest = SymbolTargetRequest;
export interface TypeResponse extends TargetGuess {
  target: NamedLocation;
  /** The declaration as the compiler prints it (hover), e.g. `function map<T, R>(…): OperatorFunction<T, R>`. */
  signature: string;
  /** The doc comment with its tags, markdown; empty when there is none. */
  documentation: string;
  /** Where the type of the symbol is declared; empty for primitives and anonymous types. */
  typeDefinitions: NamedLocation[];
}

export type DiagnosticSeverity = 'error' | 'warning' | 'information' | 'hint';

export interface DiagnosticEntry {
  /** `filePath::line::character` of the start. */
  id: string;
  filePath: string;
  line: number;
  character: number;
  severity: DiagnosticSeverity;
  /** `TS2322` for TypeScript's own codes. */
  code: string;
  message: string;
}

export interface DiagnosticsRequest {
  /** Files to check; none = every file of the project. */
  files?: string[];
  /** Page through the project's files (only without `files`): skip this many, check at most `limit`. */
  offset?: number;
  limit?: number;
}
export interface DiagnosticsResponse {
  diagnostics: DiagnosticEntry[];
  filesChecked: number;
  /** Files that would be checked without paging. */
  totalFiles: number;
  /** Where the next page starts, when files remain. */
  nextOffset?: number;
}
