import type { Position, SourceLocation } from '../domain/location.js';
import type { FoldingSpan, OutlineNode } from '../domain/symbols.js';

/**
 * What the use cases need from a language engine. Paths are absolute; positions are 1-based lines
 * and 1-based UTF-16 columns. Implementations throw CnError('engine-failure') when the engine fails
 * or times out, and CnError('bad-input') for files the engine cannot take.
 *
 * Every answer must reflect the files as they are on disk now, and project-wide answers
 * (references) must come only once the whole project is loaded: never silently partial. Name
 * search is its own port (SymbolIndex).
 */
export interface CodeIntelligence {
  outline(filePath: string): Promise<OutlineNode[]>;
  foldingSpans(filePath: string): Promise<FoldingSpan[]>;
  definition(filePath: string, position: Position): Promise<SourceLocation[]>;
  references(filePath: string, position: Position, includeDeclaration: boolean): Promise<SourceLocation[]>;
  status(): EngineStatus;
}

// What the engine reports of itself is part of the /status answer, so its shape is the HTTP contract's.
import type { EngineStatus } from '@cn/protocol';
export type { ConfigErrorReport, EngineMode, EngineName, EngineState, EngineStatus } from '@cn/protocol';
