import type { BudgetReport } from './contract.js';

/** `cn unused [path]`: declarations nothing (or nothing that counts) uses. */
export interface UnusedRequest {
  /** A source file or a directory, root-relative or absolute; absent: the whole project. */
  path?: string;
  /** Only exported declarations, and only uses from other files count ("which exports does no other file use"). */
  exported?: boolean;
  /** Only uses in files under this root-relative path, or matching this glob, count. */
  refsIn?: string;
  /** Uses in files under this root-relative path, or matching this glob, do not count. */
  refsNotIn?: string;
  /**
   * Instead of `path`: a class (name, `Container.Class`, or id) whose static and instance members to
   * check; uses through subclasses count. With `exported`, only public members, and only uses from other files.
   */
  membersOf?: string;
  /** At most this many symbols listed; `total` still counts all. */
  limit?: number;
}
export interface UnusedSymbol {
  id: string;
  name: string;
  kind: string;
  line: number;
  /** Exported symbols (members: public ones) may still be used from outside the project (a library's public API). */
  exported: boolean;
  /** Members only: the class they belong to. */
  container?: string;
  /** Members only: a static member. */
  static?: true;
  /** Its only counted uses are in test files (isTestFile: `*.test.*`, `*.spec.*`, `test/`, `__tests__/` …): dead code tests keep alive. */
  usedOnlyByTests?: true;
}
/** One file's unused symbols, in line order. */
export interface UnusedFile {
  filePath: string;
  unused: UnusedSymbol[];
}
export interface UnusedResponse {
  /** What was checked: the file or directory, root-relative; `.` for the whole project. */
  path: string;
  /** With `membersOf`: the class whose members were checked. */
  membersOf?: string;
  /** Source files checked. */
  filesChecked: number;
  /** Top-level declarations checked (overloads once). */
  checked: number;
  /** Files with something to report, in path order. */
  files: UnusedFile[];
  /** Symbols reported, before `limit` or `maxTokens` cut the list. */
  total: number;
  /** How many of `total` are used only by tests. */
  usedOnlyByTests: number;
  truncated?: true;
  budget?: BudgetReport;
  /** tsconfig/jsconfig projects whose files were searched for uses. */
  projects: number;
  /** False when some uses may not have been seen; `reason` says why. */
  complete: boolean;
  reason?: string;
}
