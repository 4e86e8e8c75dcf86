import type { Position, Range } from '../domain/location.js';

/** One replacement the engine's rename makes: the range in the file as it is now, and the text that takes its place. */
export interface EngineRenameEdit {
  filePath: string;
  range: Range;
  newText: string;
}

/** What the engine says before a rename: the name's range, or why it will not rename there. */
export type RenamePreparation = { renameable: true; range: Range } | { renameable: false; reason: string };

/**
 * The compiler's rename (LSP textDocument/prepareRename and textDocument/rename), across every project of the root.
 * Same conventions as CodeIntelligence: absolute paths, 1-based lines and UTF-16 columns.
 */
export interface RenameEngine {
  prepareRename(filePath: string, position: Position): Promise<RenamePreparation>;
  /** Every edit the rename makes; throws CnError('bad-input') with the engine's words when it refuses. */
  renameEdits(filePath: string, position: Position, newName: string): Promise<EngineRenameEdit[]>;
  /** cn rewrote these files: the engine takes their new texts before it answers again. */
  filesWritten(filePaths: string[]): Promise<void>;
}

/** The texts a rename edits, read as the writer will check them. */
export interface FilesToEdit {
  /** Each file's text, decoded (UTF-8; a byte order mark is kept on writing). */
  texts: Map<string, string>;
  /** A digest of every file's path and bytes: it changes when any of them does. */
  fingerprint: string;
}

/**
 * The one way cn writes into a project (the daemon's write path): files inside the root only, regular files reached
 * without a symlink, all or nothing. Throws CnError('io') when a file cannot be read or written as such (nothing is
 * left changed), CnError('conflict') when a file changed since it was read.
 */
export interface ProjectWriter {
  read(filePaths: string[]): Promise<FilesToEdit>;
  /** Writes every file, or restores those already written and throws; `fingerprint` is what `read` said. */
  writeAll(files: { filePath: string; text: string }[], fingerprint: string): Promise<void>;
}
