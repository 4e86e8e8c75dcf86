import type { EngineDiagnostic } from './navigation.js';

/**
 * The engine's diagnostics with one file's text replaced by an unsaved edit (cn check). Same conventions as
 * CodeNavigation: absolute paths, 1-based lines and UTF-16 columns.
 */
export interface EditChecking {
  /**
   * Diagnostics of `filePaths` while the engine sees `filePath` with `text` instead of its disk text. The engine is
   * put back to the disk text before this resolves or rejects, and answers no other question in between.
   */
  diagnosticsWithText(filePath: string, text: string, filePaths: string[]): Promise<EngineDiagnostic[]>;
}
