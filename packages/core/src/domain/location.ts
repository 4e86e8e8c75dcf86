/**
 * Positions in the domain are 1-based lines and 1-based columns counted in UTF-16 code units
 * (the unit of JavaScript strings and of LSP), so a tab, an emoji or a CJK character never shifts
 * a column. Adapters convert from their own conventions at the boundary.
 */
export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/** Whether `position` lies in `range`, both ends included. */
export function rangeContains(range: Range, position: Position): boolean {
  const afterStart =
    position.line > range.start.line ||
    (position.line === range.start.line && position.character >= range.start.character);
  const beforeEnd =
    position.line < range.end.line || (position.line === range.end.line && position.character <= range.end.character);
  return afterStart && beforeEnd;
}

/** A place in a file as an engine reports it: absolute path, 1-based position. */
export interface SourceLocation {
  filePath: string;
  range: Range;
}

/** What every command hands back for "a place in the code": defined once, in the HTTP contract. */
export type { LocationRef } from '@cn/protocol';
