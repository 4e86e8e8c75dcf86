/**
 * Read access to the project's files. Paths are absolute. Implementations refuse (CnError
 * 'bad-input') files that do not exist, directories, binary files, files over the size cap and
 * files whose real path (symlinks resolved) is outside the root — whoever named them.
 */
export interface SourceFiles {
  readText(filePath: string): Promise<string>;
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
}
