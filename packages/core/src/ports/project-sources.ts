/**
 * The project's source files as they are now, for the answers that read every file (`cn search`, `cn grep`).
 * Paths are absolute.
 */
export interface ProjectSources {
  /**
   * The source files of the project's tsconfig/jsconfig projects and its loose files whose real path is inside the
   * root, sorted: the list overview, unused and diagnostics go through, listed again only when a file or config was
   * created, deleted, renamed or edited since the last call.
   */
  files(): Promise<string[]>;
  /**
   * Per file, a token that changes whenever its content may have (size, mtime, ctime, inode: the text cache's
   * stamp); undefined for a file that is gone.
   */
  stamps(files: readonly string[]): Promise<Array<string | undefined>>;
}
