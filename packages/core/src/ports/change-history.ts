/** Lines of a file changed since a revision, 1-based and inclusive. */
export interface ChangedLines {
  start: number;
  end: number;
}

export interface ChangedFile {
  /** Absolute, inside the root. */
  filePath: string;
  /**
   * The changed lines of the file as it is now; absent when the whole file is new (untracked). Lines
   * deleted after line n (nothing added) are `{ start: n, end: n + 1 }`: the gap between them.
   */
  lines?: ChangedLines[];
}

/**
 * What the working tree changed since a revision (git). Implementations refuse a ref that is unknown or
 * looks like an option, and a root outside a work tree, with CnError('bad-input').
 */
export interface ChangeHistory {
  /** Only files `wanted` accepts are compared (each is read): cn asks about source files only. */
  changedFiles(ref: string, wanted: (filePath: string) => boolean): Promise<ChangedFile[]>;
}
