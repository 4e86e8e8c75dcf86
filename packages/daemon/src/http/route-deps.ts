import type { AnswerCache } from '../answer-cache.js';
import type {
  CodeIntelligence,
  ProjectPaths,
  SourceFiles,
  StatusResponse,
  CodeNavigation,
  ImportGraphSource,
  TypeSyntax,
  ChangeHistory,
  ReferenceSyntax,
  SymbolIndex,
  ProjectSources,
  SearchIndex,
  RenameEngine,
  ProjectWriter,
  EditChecking,
} from '@cn/core';

/** What every route may use: the use cases' ports and the daemon's own controls. */
export interface RouteDeps {
  engine: CodeIntelligence;
  /** Name search across every project (tsserver's navto, or cn's index on the native engine). */
  symbols: SymbolIndex;
  /** Calls, implementations, hover, diagnostics (the graph commands). */
  navigation: CodeNavigation;
  /** The compiler's rename (cn rename). */
  renaming: RenameEngine;
  /** Diagnostics with an unsaved text (cn check), the engine's turn alone. */
  checking: EditChecking;
  /** The one way cn writes into the project: a rename's files, all or nothing. */
  writer: ProjectWriter;
  /** The project's file import graph (cn deps). */
  importGraph: ImportGraphSource;
  /** Classes and interfaces of a file with their heritage clauses (cn impl). */
  typeSyntax: TypeSyntax;
  /** What the working tree changed since a git ref (cn impact --since). */
  changes: ChangeHistory;
  /** Each reference's role and enclosing declaration (cn find). */
  referenceSyntax: ReferenceSyntax;
  files: SourceFiles;
  paths: ProjectPaths;
  /** The project's source files now (cn search, cn grep). */
  sources: ProjectSources;
  /** Declarations ranked by words, kept fresh (cn search); each file's declarations (cn grep). */
  searchIndex: SearchIndex;
  /** Milliseconds from a fixed point: how long a search has run. */
  now(): number;
  /** Resolves on a later turn of the event loop: a long answer lets other questions in (core's WorkBudget). */
  pause(): Promise<void>;
  /** Whole-project answers (overview, unused) kept while no input file changes. */
  answers: AnswerCache;
  status(): StatusResponse;
  /** Status once the whole project is loaded (for `cn start`). */
  ready(): Promise<StatusResponse>;
  /** Called after the /shutdown answer has been sent. */
  shutdown(): void;
}
