import { statSync } from 'node:fs';
import path from 'node:path';
import {
  MissingPath,
  badInput,
  hasByteEscapes,
  isInside,
  type CnError,
  type CodeIntelligence,
  type EngineMode,
  type EngineName,
  type EngineStatus,
  type FoldingSpan,
  type OutlineNode,
  type Position,
  type SourceLocation,
  type SymbolIndex,
  type SymbolSearch,
  type CallHierarchyItem,
  type CodeNavigation,
  type EngineDiagnostic,
  type HoverInfo,
  type IncomingCall,
  type LibraryDeclaration,
  type OutgoingCall,
  type EngineRenameEdit,
  type RenameEngine,
  type RenamePreparation,
  type EditChecking,
} from '@cn/core';
import { EngineLibrary } from './navigation/library-declarations.js';
import {
  DefinitionRequest,
  ImplementationRequest,
  ReferencesRequest,
  TypeDefinitionRequest,
} from 'vscode-languageserver-protocol';
import type { LanguageServerSession } from './language-server-session.js';
import { FileAnswers } from './file-answers.js';
import { configErrorDiagnostics } from './config-errors.js';
import { statWithStamp, type FileStamp } from './file-stamp.js';
import { checkPosition } from './engine-checks.js';
import { chooseEngine, type EngineChoice } from './engine-choice.js';
import type { EngineAdapter } from './engine-adapter.js';
import { EngineLife } from './engine-life.js';
import { incomingCalls, outgoingCalls, prepareCallHierarchy } from './navigation/call-hierarchy.js';
import { hoverAt, locationsAt } from './navigation/symbol-info.js';
import { prepareRenameAt, renameEditsAt } from './navigation/rename.js';

/** Neither engine can open a file whose name is not UTF-8 (project-layout.ts, nonUtf8Files): said, never silence. */
function notUtf8(relative: string): CnError {
  return badInput(
    `the language server cannot open ${relative}: its name is not UTF-8`,
    'cn grep, cn search and cn deps read it; give it a UTF-8 name for the rest',
  );
}

/** Whole-project diagnostics list such a file once, as not compiled, rather than leave it out unsaid. */
function notCompiled(file: string, relative: string): EngineDiagnostic {
  const start = { line: 1, character: 1 };
  return {
    filePath: file,
    range: { start, end: start },
    severity: 'warning',
    code: 'cn',
    message: `${notUtf8(relative).message}: it is not compiled`,
  };
}

function placeKey({ filePath, range }: SourceLocation): string {
  return `${filePath}:${range.start.line}:${range.start.character}`;
}

export interface EngineOptions {
  /** Absolute project root. */
  root: string;
  /** Which engine answers: a mode (auto when absent), or the choice the daemon already made. */
  engine?: EngineMode | EngineChoice;
  /** Outside the project (OS temp); tsserver logs go there, never into the project. */
  logDirectory: string;
  /** MB: tsserver's heap ceiling, or the native server's GOMEMLIMIT. */
  maxTsServerMemory?: number;
  /** Run the project's own TypeScript and its tsserver plugins (when `engine` is a mode); default false. */
  trustProject?: boolean;
  /** Per LSP request; default 30000. */
  requestTimeoutMs?: number;
  /** Documents kept open besides the project anchors, least recently used closed first; default 200. */
  maxOpenDocuments?: number;
  onLog?: (line: string) => void;
  /** The engine answering changed: auto handed the root over to the other engine after the first kept crashing. */
  onEngineChange?: (engine: EngineName) => void;
  /**
   * Called once per start, as soon as the server has been handed projects to load (the guessed anchors, right after
   * its handshake): until then the daemon's own start-up work would hold the server's answers behind it.
   */
  onceLoading?: () => void;
  /**
   * Called once per start, when the projects are found and tsserver is building them: the daemon waits anyway,
   * with a core to spare, so it loads there what its first answer needs.
   */
  whileProjectsLoad?: () => void;
  /**
   * The moment every question in flight needs the file set as of (performance.now(); the latest of their arrivals),
   * or undefined when none is in flight. A scan of the project's directories for files created or deleted that
   * started since then serves them all: a find asks the engine a dozen times, and each asked for a scan of every
   * directory (2,011 on typeorm, ~35 ms of CPU each). Without it every request scans.
   */
  freshSince?: () => number | undefined;
  /**
   * The native engine's name index is saved there (a file in the private state directory, never the project) and
   * read back by the next daemon for the files whose stamps did not change; `cnVersion` keys it with the engine's.
   */
  savedIndex?: { file: string; cnVersion: string };
}

export interface TypeScriptEngine extends CodeIntelligence, CodeNavigation, SymbolIndex, RenameEngine, EditChecking {
  configDiagnostics(): EngineDiagnostic[];
  dispose(): Promise<void>;
  whenReady(): Promise<void>;
  whenIndexed(): Promise<void>;
}

const MAX_OPEN_DOCUMENTS = 200;
const MAX_CACHED_FILE_ANSWERS = 100;
/** Loose files are one project of cn's own on either engine (native-loose-project.ts, tsserver's external one). */
const MAX_LOOSE_FILES = 10_000;
/** Diagnostics of at most this many named files are taken from freshly opened documents. */
const MAX_OPENED_FOR_DIAGNOSTICS = 50;

export async function startTypeScriptEngine(options: EngineOptions): Promise<TypeScriptEngine> {
  const root = path.resolve(options.root);
  // Synchronous up to the spawn: the daemon calls this before it loads its HTTP server's modules, and an await here
  // would let that load (a few hundred ms of CPU) run first (docs/performance.md, a cold find's timeline).
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory())
    throw badInput(`project root is not a directory: ${root}`);
  const requested = options.engine ?? 'auto';
  const choice = typeof requested === 'string' ? chooseEngine(root, requested, options.trustProject) : requested;
  const engine = new LanguageServerEngine({ ...options, root }, choice);
  engine.launch();
  return engine;
}

class LanguageServerEngine implements TypeScriptEngine {
  private readonly answers = new FileAnswers(MAX_CACHED_FILE_ANSWERS);
  private readonly life: EngineLife;
  /** The lib.*.d.ts of the engine answering, and the adapter it is of (auto may hand over: engine-life.ts). */
  private library: { of: EngineAdapter; declarations: EngineLibrary } | undefined;

  constructor(
    private readonly options: EngineOptions,
    choice: EngineChoice,
  ) {
    const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.life = new EngineLife(choice.adapter, choice, options, {
      root: options.root,
      logDirectory: options.logDirectory,
      maxTsServerMemory: options.maxTsServerMemory,
      requestTimeoutMs,
      loadTimeoutMs: Math.max(requestTimeoutMs * 10, 300_000),
      maxOpenDocuments: options.maxOpenDocuments ?? MAX_OPEN_DOCUMENTS,
      maxLooseFiles: MAX_LOOSE_FILES,
      onLog: (line) => options.onLog?.(line),
      onceLoading: () => options.onceLoading?.(),
      whileProjectsLoad: () => options.whileProjectsLoad?.(),
      freshSince: () => options.freshSince?.(),
      ...(options.savedIndex ? { savedIndex: options.savedIndex } : {}),
    });
  }

  launch(): void {
    this.life.launch();
  }

  /** The engine answering now (auto may hand over to the other one: engine-life.ts). */
  private get adapter(): EngineAdapter {
    return this.life.adapter;
  }

  whenReady(): Promise<void> {
    return this.life.whenReady();
  }

  status(): EngineStatus {
    return this.life.status();
  }

  dispose(): Promise<void> {
    return this.life.dispose();
  }

  private readySession(): Promise<LanguageServerSession> {
    return this.life.readySession();
  }

  /** Ready, and the name index built: what `cn start` waits for, so no answer after it is partial. */
  async whenIndexed(): Promise<void> {
    const session = await this.readySession();
    await session.symbols.whenBuilt();
  }

  async searchSymbols(query: string, options: { exactSuffices?: boolean } = {}): Promise<SymbolSearch> {
    const session = await this.readySession();
    return session.symbols.search(query, options.exactSuffices ?? false);
  }

  async outline(filePath: string): Promise<OutlineNode[]> {
    return this.onFile(filePath, (session, file, stamp) =>
      this.answers.get('outline', file, session, stamp, () => this.adapter.outline(session, file)),
    );
  }

  async foldingSpans(filePath: string): Promise<FoldingSpan[]> {
    return this.onFile(filePath, (session, file, stamp) =>
      this.answers.get('folds', file, session, stamp, () => this.adapter.foldingSpans(session, file)),
    );
  }

  async definition(filePath: string, position: Position): Promise<SourceLocation[]> {
    return this.onFile(filePath, async (session, file) => {
      const at = await session.positions.at(file, checkPosition(position));
      return session.positions.locations(await session.request(DefinitionRequest.type, at));
    });
  }

  async references(filePath: string, position: Position, includeDeclaration: boolean): Promise<SourceLocation[]> {
    return this.onFile(filePath, async (session, file) => {
      await session.documents.syncAll();
      const at = await session.positions.at(file, checkPosition(position));
      const asked = includeDeclaration || !this.adapter.dropsOnlyTheDeclaration;
      const found = await session.positions.locations(
        await session.request(ReferencesRequest.type, { ...at, context: { includeDeclaration: asked } }),
      );
      if (asked === includeDeclaration) return found;
      const declared = (await session.positions.locations(await session.request(DefinitionRequest.type, at))).map(
        placeKey,
      );
      return found.filter((location) => !declared.includes(placeKey(location)));
    });
  }

  /**
   * Confines the file to the root, waits for the engine, makes the language server see the file as on disk
   * and keeps it open while `work` asks about it (`stamp`: the content the language server has).
   */
  private async onFile<T>(
    filePath: string,
    work: (session: LanguageServerSession, file: string, stamp: FileStamp) => Promise<T>,
  ): Promise<T> {
    const file = path.resolve(this.options.root, filePath);
    if (!isInside(this.options.root, file)) {
      throw badInput(`file is outside the project root: ${filePath}`, `Give a file under ${this.options.root}.`);
    }
    if (hasByteEscapes(file)) throw notUtf8(path.relative(this.options.root, file));
    // Synchronous: a find asks about hundreds of files (its word accounting), and a stat through fs/promises cost
    // several times the stat itself (35 ms of a warm find on typeorm).
    const stats = (await statWithStamp(file))?.stats;
    if (!stats) throw new MissingPath(filePath, 'Check the path relative to the project root.');
    if (!stats.isFile()) throw badInput(`not a file: ${filePath}`);
    const session = await this.readySession();
    const { stamp, release } = await session.documents.hold(file);
    try {
      return await work(session, file, stamp);
    } finally {
      release();
    }
  }

  // CodeNavigation: the graph commands (packages/lsp/src/navigation/*).

  async prepareCallHierarchy(filePath: string, position: Position): Promise<CallHierarchyItem[]> {
    return this.onFile(filePath, (session, file) => prepareCallHierarchy(session, file, checkPosition(position)));
  }

  async incomingCalls(item: CallHierarchyItem): Promise<IncomingCall[]> {
    return this.onFile(item.filePath, async (session) => {
      // Callers are found project-wide, like references: no answer from a stale open copy.
      await session.documents.syncAll();
      return incomingCalls(session, item);
    });
  }

  async outgoingCalls(item: CallHierarchyItem): Promise<OutgoingCall[]> {
    return this.onFile(item.filePath, (session) => outgoingCalls(session, item));
  }

  async implementations(filePath: string, position: Position): Promise<SourceLocation[]> {
    return this.onFile(filePath, async (session, file) => {
      await session.documents.syncAll();
      return locationsAt(session, ImplementationRequest.type, file, checkPosition(position));
    });
  }

  async hover(filePath: string, position: Position): Promise<HoverInfo | undefined> {
    return this.onFile(filePath, (session, file) => hoverAt(session, file, checkPosition(position)));
  }

  async typeDefinition(filePath: string, position: Position): Promise<SourceLocation[]> {
    return this.onFile(filePath, (session, file) =>
      locationsAt(session, TypeDefinitionRequest.type, file, checkPosition(position)),
    );
  }

  async libraryDeclaration(filePath: string, position: Position): Promise<LibraryDeclaration | undefined> {
    if (this.library?.of !== this.adapter)
      this.library = { of: this.adapter, declarations: new EngineLibrary(this.adapter.libraryDirectory) };
    return this.library.declarations.declarationAt(filePath, position);
  }

  // RenameEngine (cn rename): project-wide like references, so no edit is computed from a stale open copy.

  async prepareRename(filePath: string, position: Position): Promise<RenamePreparation> {
    return this.onFile(filePath, (session, file) => prepareRenameAt(session, file, checkPosition(position)));
  }

  async renameEdits(filePath: string, position: Position, newName: string): Promise<EngineRenameEdit[]> {
    return this.onFile(filePath, async (session, file) => {
      await session.documents.syncAll();
      return renameEditsAt(session, file, checkPosition(position), newName);
    });
  }

  /** Opening (or re-syncing) each written file hands the server its new text now, whatever its watchers do. */
  async filesWritten(filePaths: string[]): Promise<void> {
    const session = await this.readySession();
    await Promise.all(filePaths.map((file) => session.documents.sync(file).catch(() => undefined)));
  }

  /**
   * cn check: `text` stands in for the file's disk text while the files are asked, one at a time as `diagnostics`
   * asks named files; the disk text is back before this settles. The native name index is built first, so its build
   * never reads the unsaved text; the daemon lets no other question reach the engine meanwhile (deferred-engine.ts).
   */
  async diagnosticsWithText(filePath: string, text: string, filePaths: string[]): Promise<EngineDiagnostic[]> {
    return this.onFile(filePath, async (session, edited) => {
      await session.symbols.whenBuilt();
      const ask = (current: LanguageServerSession, file: string) => this.adapter.fileDiagnostics(current, file);
      return session.documents.withText(edited, text, async () => {
        const found: EngineDiagnostic[] = [];
        for (const other of filePaths) {
          const file = path.resolve(this.options.root, other);
          // The edited file is open with the text already; any other is opened (synced from disk) as it is asked.
          found.push(...(await (file === edited ? ask(session, file) : this.onFile(file, ask))));
        }
        return found;
      });
    });
  }

  configDiagnostics(): EngineDiagnostic[] {
    return configErrorDiagnostics(this.life.session?.configErrors ?? []);
  }

  /**
   * A few named files are opened (synced from disk) first; for the whole project tsserver reads
   * the files it already watches, since opening hundreds would make the language server check each one twice.
   */
  async diagnostics(filePaths: string[]): Promise<EngineDiagnostic[]> {
    const openEach = filePaths.length <= MAX_OPENED_FOR_DIAGNOSTICS;
    const session = await this.readySession();
    if (!openEach) await session.documents.syncAll();
    const found: EngineDiagnostic[] = [];
    const fileDiagnostics = (current: LanguageServerSession, file: string) =>
      this.adapter.fileDiagnostics(current, file);
    const openAndAsk = (filePath: string) => this.onFile(filePath, fileDiagnostics);
    for (const filePath of filePaths) {
      const file = path.resolve(this.options.root, filePath);
      if (hasByteEscapes(file)) {
        found.push(notCompiled(file, path.relative(this.options.root, file)));
        continue;
      }
      const asked = openEach ? openAndAsk(file) : fileDiagnostics(session, file);
      // A session that restarted meanwhile answers after the file is opened in the new one.
      found.push(...(await asked.catch(() => openAndAsk(file))));
    }
    return found;
  }
}
