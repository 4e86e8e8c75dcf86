import type { Position, SourceLocation } from '../domain/location.js';
import type { FoldingSpan, OutlineNode, WorkspaceSymbolHit } from '../domain/symbols.js';

/**
 * What the use cases need from a language engine. Paths are absolute; positions are 1-based lines
 * and 1-based UTF-16 columns. Implementations throw CnError('engine-failure') when the engine fails
 * or times out, and CnError('bad-input') for files the engine cannot take.
 *
 * Every answer must reflect the files as they are on disk now, and project-wide answers
 * (searchSymbols, references) must come only once the whole project is loaded: never silently partial.
 */
export interface CodeIntelligence {
  searchSymbols(query: string): Promise<WorkspaceSymbolHit[]>;
  outline(filePath: string): Promise<OutlineNode[]>;
  foldingSpans(filePath: string): Promise<FoldingSpan[]>;
  definition(filePath: string, position: Position): Promise<SourceLocation[]>;
  references(filePath: string, position: Position, includeDeclaration: boolean): Promise<SourceLocation[]>;
  status(): EngineStatus;
}

/** unresponsive: loaded, but a process of the language server is stopped (SIGSTOP) and answers nothing. */
export type EngineState = 'starting' | 'loading' | 'ready' | 'unresponsive' | 'restarting' | 'failed' | 'stopped';

export interface EngineStatus {
  state: EngineState;
  /** typescript-language-server version. */
  serverVersion: string;
  /** Version of the tsserver in use, and where it came from. */
  typescriptVersion: string;
  typescriptSource: 'project' | 'bundled';
  /** tsconfig/jsconfig projects the engine loaded, relative to the root. */
  projects: string[];
  /** Source files outside any config that are kept open so JS without a jsconfig still works. */
  looseFiles: number;
  restarts: number;
  lastError?: string;
  /** tsconfig/jsconfig files tsc cannot read (broken JSON); their projects are not loaded. Absent when none. */
  configErrors?: ConfigErrorReport[];
}

/** One error tsc reports on reading a config; `file` relative to the root. */
export interface ConfigErrorReport {
  file: string;
  line: number;
  character: number;
  /** TS1005 … */
  code: string;
  message: string;
}
