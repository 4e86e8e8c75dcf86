import type { SourceText } from '../domain/source-text.js';

/**
 * Read access to the project's files. Paths are absolute. Implementations refuse (CnError
 * 'bad-input') files that do not exist, directories, binary files, files over the size cap and
 * files whose real path (symlinks resolved) is outside the root — whoever named them.
 */
export interface SourceFiles {
  /**
   * The file's text, decoded. The same SourceText for the same file version where the implementation keeps texts
   * between requests, so its line offsets are computed once, not once per question (a search previews ten
   * declarations of 20,000-line files).
   */
  readSource(filePath: string): Promise<SourceText>;
  /**
   * Resolves a user-given path (relative to the root or absolute) and confines it to the root; a path
   * naming nothing is refused with MissingPath.
   */
  resolveInRoot(userPath: string): Promise<string>;
  /**
   * False when the file's real path is outside the root (a symlink leading out, a tsconfig
   * `include` of `../elsewhere`, a linked package): places there are shown without any of their text.
   */
  isInsideRoot(filePath: string): Promise<boolean>;
  /** isInsideRoot of each file at once (a project's every file: what a directory's real path says serves its files). */
  filesInsideRoot(filePaths: readonly string[]): Promise<boolean[]>;
  /**
   * False only when the file's text as it stands now surely holds none of `literals` (what was kept of an earlier read
   * of this very version says so); true when that is not known. A question that scans every file for a word (what
   * `rg -w` would hit) reads only the files that may hold it: over the text cache's budget, each would be read again.
   */
  mayContainAny(filePath: string, literals: readonly string[]): boolean;
}
