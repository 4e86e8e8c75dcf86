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

/** A place in a file as an engine reports it: absolute path, 1-based position. */
export interface SourceLocation {
  filePath: string;
  range: Range;
}

/** What every command hands back for "a place in the code". */
export interface LocationRef {
  /** `filePath::line::character`, stable and re-askable by `find` and `inspect`. */
  id: string;
  /** Relative to the project root, with `/` separators. */
  filePath: string;
  line: number;
  character: number;
  /** LSP SymbolKind name of the symbol at that place, or "Reference" for a plain use. */
  kind: string;
  /** The trimmed source line, at most 100 characters; empty for a place outside the root. */
  preview: string;
  /**
   * The file's real path is outside the project root (reached through a symlink, a tsconfig
   * `include` or a linked package): the place is reported, its text never is.
   */
  outsideRoot?: true;
}
