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

/** A declaration in the engine's own standard library (`lib.es5.d.ts` …), named without its path. */
export interface LibraryDeclaration {
  /** The library file's name, e.g. `lib.es2015.promise.d.ts`. */
  library: string;
  name: string;
  /** Interface, Variable, TypeAlias, Function, Class, Namespace, Enum; Unknown when the line says nothing. */
  kind: string;
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
  /**
   * The declaration at a place in the engine's own standard library (a `lib.*.d.ts` of the TypeScript it runs, in
   * cn's installation): its name and kind; undefined for any other file. Such files are outside the project root,
   * where cn reads nothing of the project's, but they are cn's own.
   */
  libraryDeclaration(filePath: string, position: Position): Promise<LibraryDeclaration | undefined>;
  /** Syntax and type errors and warnings of these files, in file order. */
  diagnostics(filePaths: string[]): Promise<EngineDiagnostic[]>;
  /** Errors in the project's tsconfig/jsconfig files (broken JSON), reported with the whole project's diagnostics. */
  configDiagnostics?(): EngineDiagnostic[];
}
