/**
 * Read access to the project's files. Paths are absolute. Implementations refuse (CnError
 * 'bad-input') files that do not exist, directories, binary files and files over the size cap.
 */
export interface SourceFiles {
  readText(filePath: string): Promise<string>;
  /** Resolves a user-given path (relative to the root or absolute) and confines it to the root. */
  resolveInRoot(userPath: string): Promise<string>;
}
