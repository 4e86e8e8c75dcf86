import type { EngineDiagnostic, EngineName, FoldingSpan, OutlineNode, SymbolSearch } from '@cn/core';
import type { InitializeParams } from 'vscode-languageserver-protocol';
import type { LanguageServerSession } from './language-server-session.js';
import type { ProjectLayout } from './project-layout.js';
import type { ServerLineBreaks } from './server-lines.js';
import type { SourceTree } from './source-tree.js';

/** Where the engine's answers come from, for cn status. */
export interface EngineVersions {
  engine: EngineName;
  /** typescript-language-server's version (tsserver engine) or typescript-go's (native). */
  serverVersion: string;
  typescriptVersion: string;
  typescriptSource: 'project' | 'bundled';
}

/** The process the session spawns: its stdio speaks LSP. */
export interface LaunchCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

export interface SessionSettingsForAdapter {
  root: string;
  logDirectory: string;
  /** MB: tsserver's heap ceiling, or the native server's GOMEMLIMIT. */
  maxTsServerMemory?: number;
}

/** What a launch is told besides: a private directory for the tree's temp files (its TMPDIR), removed with it. */
export type LaunchSettings = SessionSettingsForAdapter & { tempDirectory: string };

/** What changed on disk since the last answer (absolute paths), with the layout before and after. */
export interface SourceChanges {
  created: string[];
  deleted: string[];
  /** Files edited in place; only reported to engines that do not watch files themselves. */
  edited: string[];
  previous: ProjectLayout;
  layout: ProjectLayout;
}

/**
 * The name search of one session: tsserver's navto, or cn's own index on the native engine.
 * `exactSuffices`: an index still being built may answer with exact-name matches only (complete: false).
 */
export interface SessionSymbols {
  search(query: string, exactSuffices: boolean): Promise<SymbolSearch>;
  /**
   * The server was given the projects and loads them: what needs no server (a saved index) may be read now, in time the
   * daemon would otherwise spend waiting for it.
   */
  prepare?(): void;
  /** The session is ready: a background index may start. */
  start(layout: ProjectLayout): void;
  /** Files created, deleted or edited since the last answer. */
  changed(changes: SourceChanges): void;
  /** Resolves once a search would answer complete (`cn start` waits for it, so answers after it are whole). */
  whenBuilt(): Promise<void>;
  dispose(): void;
}

/**
 * What differs between the engines. The session (process life, readiness, document sync, file-set
 * monitor, deadlines), the engine's life (restarts, status) and the engine's answers are shared; an
 * adapter says how to start its server, what to tell it, how a project is known to be loaded, how
 * loose files and file changes reach it, and the few answers whose protocol differs.
 */
export interface EngineAdapter {
  readonly versions: EngineVersions;
  /** Where the TypeScript the engine runs keeps its standard library (lib.*.d.ts). */
  readonly libraryDirectory: string;
  /** Whether the server notices edits to files it has not opened by itself (tsserver watches; native does not). */
  readonly watchesFiles: boolean;
  /** How the server counts lines: as the compiler (cn's own), or as LSP, converted per file (server-lines.ts). */
  readonly lineBreaks: ServerLineBreaks;
  /**
   * Whether references without the declaration drop exactly the declaration, as tsserver does; the native
   * server also drops every import and re-export of the name, so cn asks it with the declaration and
   * removes that itself.
   */
  readonly dropsOnlyTheDeclaration: boolean;
  /** The most verbose LSP MessageType (1 error … 4 log) of the server's log worth keeping in daemon.log. */
  readonly logLevel: number;
  /** The projects, their anchors and the loose files under the root, as this engine's compiler reads the configs. */
  discover(root: string, maxLooseFiles: number, tree: SourceTree): Promise<ProjectLayout>;
  launch(settings: LaunchSettings): LaunchCommand;
  initializeParams(settings: SessionSettingsForAdapter): InitializeParams;
  /** The answer to a workspace/configuration item of the server. */
  configuration(section: string | undefined): unknown;
  /** The name of a process of the server's tree, and whether the session dies with it. */
  describeProcess(command: string, isServer: boolean): { name: string; essential: boolean };
  /** Why the session must restart, from a line the server logged, or undefined when the line is harmless. */
  deathIn(line: string, maxTsServerMemory?: number): string | undefined;
  /** Resolves once the anchor's project is built, with the config file that holds it (if a real one). */
  loadProject(session: LanguageServerSession, anchor: string, timeoutMs: number): Promise<string | undefined>;
  /** Makes the server load the sources no config claims (the layout's loose files); `previous` were loaded before. */
  openLooseFiles(session: LanguageServerSession, layout: ProjectLayout, previous: string[]): Promise<void>;
  /** Tells the server about files created, deleted or edited since the last answer. */
  applyFileChanges(session: LanguageServerSession, changes: SourceChanges): Promise<void>;
  createSymbols(session: LanguageServerSession): SessionSymbols;
  outline(session: LanguageServerSession, file: string): Promise<OutlineNode[]>;
  foldingSpans(session: LanguageServerSession, file: string): Promise<FoldingSpan[]>;
  fileDiagnostics(session: LanguageServerSession, file: string): Promise<EngineDiagnostic[]>;
}
