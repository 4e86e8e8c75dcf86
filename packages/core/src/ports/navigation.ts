import type { Range, SourceLocation, Position } from '../domain/location.js';

/** A function, method, constructor … (or a whole file, for top-level code) in the call graph. */
export interface CallHierarchyItem {
  name: string;
  /** LSP SymbolKind name. */
  kind: string;
  /** What the engine says about where it lives (for TypeScript, the container or file). */
  detail?: string;
  filePath: string;
  range: Range;
  /** The name. */
  selectionRange: Range;
}

export interface IncomingCall {
  from: CallHierarchyItem;
  /** Where `from` calls the item asked about, in `from`'s file. */
  callSites: SourceLocation[];
}

export interface OutgoingCall {
  to: CallHierarchyItem;
  /** Where the item asked about calls `to`, in the asked item's file. */
  callSites: SourceLocation[];
}

export interface HoverInfo {
  /** The declaration as the compiler prints it. */
  signature: string;
  /** Doc comment and tags, markdown. */
  documentation: string;
}

export type EngineDiagnosticSeverity = 'error' | 'warning' | 'information' | 'hint';

export interface EngineDiagnostic {
  filePath: string;
  range: Range;
  severity: EngineDiagnosticSeverity;
  code: string;
  message: string;
}

/**
 * Symbol-level navigation beyond definitions and references: the call graph, implementations,
 * hover and type definitions, and diagnostics. Same conventions as CodeIntelligence: absolute
 * paths, 1-based lines and UTF-16 columns, CnError('engine-failure') when the engine fails and
 * CnError('bad-input') for files it cannot take. Project-wide answers (incoming calls,
 * implementations) come only once the whole project is loaded.
 */
export interface CodeNavigation {
  prepareCallHierarchy(filePath: string, position: Position): Promise<CallHierarchyItem[]>;
  incomingCalls(item: CallHierarchyItem): Promise<IncomingCall[]>;
  outgoingCalls(item: CallHierarchyItem): Promise<OutgoingCall[]>;
  implementations(filePath: string, position: Position): Promise<SourceLocation[]>;
  hover(filePath: string, position: Position): Promise<HoverInfo | undefined>;
  typeDefinition(filePath: string, position: Position): Promise<SourceLocation[]>;
  /** Syntax and type errors and warnings of these files, in file order. */
  diagnostics(filePaths: string[]): Promise<EngineDiagnostic[]>;
  /** Errors in the project's tsconfig/jsconfig files (broken JSON), reported with the whole project's diagnostics. */
  configDiagnostics?(): EngineDiagnostic[];
}
