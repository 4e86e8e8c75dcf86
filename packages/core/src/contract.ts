/**
 * The HTTP contract between the daemon and its clients. The CLI's `--format json` output is exactly
 * these response objects, so CLI, HTTP and (later) MCP never drift apart.
 */
import type { LocationRef } from './domain/location.js';
import type { EngineStatus } from './ports/code-intelligence.js';

export const PORT_FILE_NAME = '.ts-search-daemon.json';
/** On an answer: one line the CLI prints on stderr as a warning (a broken tsconfig …). */
export const WARNING_HEADER = 'x-cn-warning';

/** The port file at the project root: how a client finds the daemon; the token keys both sides' proofs (request-proof.ts). */
export interface PortFile {
  pid: number;
  port: number;
  host: '127.0.0.1';
  root: string;
  token: string;
  version: string;
  startedAt: string;
  logFile: string;
}

export type SnippetLevel = 'fold' | 'preview' | 'full';

/**
 * Which stage `maxTokens` needed: nothing cut; previews and snippets dropped; lists replaced by
 * per-file (find) or per-kind (map) counts; totals only. `cut` is overview's: its least-imported
 * files dropped from the end.
 */
export type BudgetStage = 'full' | 'no-previews' | 'grouped' | 'cut' | 'totals';
export interface BudgetReport {
  maxTokens: number;
  stage: BudgetStage;
  /** Estimated tokens of the answer as returned (see output/token-estimate.ts). */
  tokens: number;
}
/** A file and how many results it holds: what `grouped` leaves of a list. */
export interface FileCount {
  filePath: string;
  count: number;
}

export interface MapRequest {
  file: string;
  /** Also list what is declared inside functions and methods (locals, callbacks, object-literal keys). */
  locals?: boolean;
  /** Add each symbol's code: `fold` one-line signature, `preview` first lines, `full` whole block. */
  snippet?: SnippetLevel;
  limit?: number;
  maxTokens?: number;
}
export interface MapSymbol {
  id: string;
  name: string;
  /** LSP SymbolKind name, refined: `TypeAlias`, `Getter`/`Setter`, `EnumMember`; `Export` for a re-export entry. */
  kind: string;
  /** The name's line. */
  line: number;
  /** The declaration's last line (its closing brace). */
  endLine: number;
  container?: string;
  /** As written before the name (`export`, `static`, `private`, `async`, `readonly` …), `#private` for `#name`; `type` on type-only exports. */
  modifiers?: string[];
  /** `Export` entries: the module specifier of `export … from '…'`. */
  from?: string;
  /** `Export` entries: the id of what the exported name stands for (a module's first line for `export *`). */
  resolvesTo?: string;
  snippet?: string;
}
export interface MapResponse {
  filePath: string;
  symbols: MapSymbol[];
  /** How many symbols the file has; more than `symbols.length` when `limit` or `maxTokens` cut. */
  total?: number;
  truncated?: true;
  /** `grouped`/`totals` stages: symbols per kind instead of (some of) the list. */
  kinds?: Record<string, number>;
  budget?: BudgetReport;
}

/** `all` (default): definition and references; `none`: definition only; `only`: references only. */
export type ReferenceMode = 'all' | 'none' | 'only';

export interface FindRequest {
  query: string;
  kind?: string;
  limit?: number;
  /** Only definitions under this root-relative path, or matching this glob (`src/**\/*.ts`). */
  in?: string;
  /** Only names equal to the query (case-sensitive); no prefix, substring or other-case matches. */
  exact?: boolean;
  refs?: ReferenceMode;
  snippet?: SnippetLevel;
  maxTokens?: number;
}
export interface Candidate extends LocationRef {
  name: string;
  container?: string;
  snippet?: string;
}
export interface FindResponse {
  query: string;
  definition: (LocationRef & { name: string; container?: string; snippet?: string }) | null;
  references: LocationRef[];
  /** How many references exist; more than `references.length` when `limit` cut the list. */
  totalReferences: number;
  candidates: Candidate[];
  /** How many other symbols matched; more than `candidates.length` when cut. */
  totalCandidates?: number;
  /** Set when a list was cut by `limit` or `maxTokens`. */
  truncated?: true;
  /** Set when another match ranks as high as the definition: re-ask by id or Container.name. */
  ambiguous?: true;
  /** Nothing matched the name: the closest names in the project (edit distance), to re-ask with. */
  didYouMean?: string[];
  /** `grouped` stage: references as counts per file. */
  referenceFiles?: FileCount[];
  /** Echoed when not `all`: `none` means references were not searched (totalReferences is 0). */
  refs?: ReferenceMode;
  budget?: BudgetReport;
}

export type ExpandMode = 'block' | 'surround';
export interface InspectRequest {
  id: string;
  expand?: ExpandMode;
  context?: number;
  /** false: only each block's range, no code and no relatedSymbols (where a 1,000-line block ends, in a few tokens). */
  code?: boolean;
}
export interface InspectResult {
  filePath: string;
  range: { startLine: number; endLine: number };
  expand: ExpandMode;
  /** Absent when the request said `code: false`. */
  code?: string;
  /** Absent when the request said `code: false`. */
  relatedSymbols?: string[];
}
export interface InspectResponse {
  result: InspectResult;
}

/** Many targets in one call (POST /inspect with `ids` instead of `id`). */
export interface InspectManyRequest {
  /** Ids as cn prints them, `path:line[:col]`, or whole rg/compiler lines. */
  ids: string[];
  expand?: ExpandMode;
  context?: number;
  /** false: ranges only, as for one id. */
  code?: boolean;
  /** At most this many blocks. */
  limit?: number;
}
export interface InspectManyResult extends InspectResult {
  /** The given ids this block answers: ids inside one block give one result. */
  ids: string[];
}
export interface InspectFailure {
  id: string;
  kind: string;
  message: string;
}
export interface InspectManyResponse {
  /** One entry per distinct block, in the order of the ids. */
  results: InspectManyResult[];
  /** Ids that could not be inspected, with the reason. */
  failures: InspectFailure[];
  /** Distinct blocks found, before `limit`. */
  total: number;
  truncated?: true;
}

export interface OverviewRequest {
  /** Root-relative directory (default: the whole root). */
  dir?: string;
  /** Cut the file list to about this many tokens; default 2000, 0 = no cut. */
  maxTokens?: number;
  /** At most this many files. */
  limit?: number;
}
export interface OverviewSymbol {
  id: string;
  name: string;
  kind: string;
  exported: boolean;
  /** One-line signature (the `fold` snippet). */
  signature: string;
  /** Project files that import (or re-export) a binding of this name: a cheap popularity count. */
  importedBy: number;
  /** More declarations of the same name in the file: overload signatures, merged namespaces. */
  overloads?: number;
}
export interface OverviewFile {
  filePath: string;
  symbols: OverviewSymbol[];
  /** Top-level declarations not listed (see cn map). */
  omitted?: number;
}
export interface OverviewResponse {
  dir: string;
  counts: { files: number; symbols: number; byKind: Record<string, number> };
  mostReferenced: Array<{ id: string; name: string; kind: string; filePath: string; importedBy: number }>;
  files: OverviewFile[];
  /** Files with declarations under `dir`; more than `files.length` when cut. */
  total: number;
  truncated?: true;
  budget?: BudgetReport;
}

export interface StatusResponse extends EngineStatus {
  running: true;
  pid: number;
  port: number;
  root: string;
  version: string;
  startedAt: string;
  uptimeSeconds: number;
  rssBytes: number;
  logFile: string;
  /** Minutes without requests before the daemon stops itself; 0 = never. */
  idleMinutes: number;
  /** tsserver's memory ceiling in MB, when one was set. */
  maxTsServerMemory?: number;
}

/** `cn status` when the port file's daemon process is alive but does not answer (stopped, hung). */
export interface UnresponsiveStatus {
  running: true;
  responding: false;
  pid: number;
  port: number;
  root: string;
}

// cn unused: contract-unused.ts
