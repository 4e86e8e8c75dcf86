import { stat } from 'node:fs/promises';
import path from 'node:path';
import { badInput, CnError, describeConfigError, engineFailure } from '@cn/core';
import type {
  CodeIntelligence,
  EngineState,
  EngineStatus,
  FoldingSpan,
  OutlineNode,
  Position,
  SourceLocation,
  WorkspaceSymbolHit,
} from '@cn/core';
import type * as lsp from 'vscode-languageserver-protocol';
import { fromDocumentSymbols, fromFoldingRanges, fromLspLocations, pathToUri, toLspPosition } from './convert.js';
import { isInside } from './source-tree.js';
import { locateInstallation } from './tls-process.js';
import type { ServerInstallation } from './tls-process.js';
import { TlsSession } from './tls-session.js';
import { FileAnswers } from './file-answers.js';
import { configErrorDiagnostics, configErrorReports } from './config-errors.js';
import type { FileStamp } from './file-stamp.js';
import { checkPosition, failureHint } from './engine-checks.js';
import { fromNavtoItem } from './tsserver-navto.js';
import type { NavtoItem } from './tsserver-navto.js';
import type { CallHierarchyItem, CodeNavigation, EngineDiagnostic, HoverInfo, IncomingCall, OutgoingCall } from '@cn/core';
import { incomingCalls, outgoingCalls, prepareCallHierarchy } from './navigation/call-hierarchy.js';
import { fileDiagnostics } from './navigation/diagnostics.js';
import { hoverAt, locationsAt } from './navigation/symbol-info.js';

export interface EngineOptions {
  /** Absolute project root. */
  root: string;
  /** Outside the project (OS temp); tsserver logs go there, never into the project. */
  logDirectory: string;
  /** MB, passed to TLS. */
  maxTsServerMemory?: number;
  /** Per LSP request; default 30000. */
  requestTimeoutMs?: number;
  /** Documents kept open besides the project anchors, least recently used closed first; default 200. */
  maxOpenDocuments?: number;
  onLog?: (line: string) => void;
}

export interface TypeScriptEngine extends CodeIntelligence, CodeNavigation {
  configDiagnostics(): EngineDiagnostic[];
  dispose(): Promise<void>;
  whenReady(): Promise<void>;
}

const MAX_OPEN_DOCUMENTS = 200;
const MAX_CACHED_FILE_ANSWERS = 100;
const MAX_LOOSE_FILES = 2000;
/** Diagnostics of at most this many named files are taken from freshly opened documents. */
const MAX_OPENED_FOR_DIAGNOSTICS = 50;
// Restarting more often than this means the project itself kills tsserver; stop trying.
const MAX_RESTARTS_PER_MINUTE = 5;
/** A failed engine is tried again by the first request after this pause. */
const RETRY_AFTER_FAILURE_MS = 30_000;

export async function startTypeScriptEngine(options: EngineOptions): Promise<TypeScriptEngine> {
  const root = path.resolve(options.root);
  const rootStats = await stat(root).catch(() => undefined);
  if (!rootStats?.isDirectory()) throw badInput(`project root is not a directory: ${root}`);
  const engine = new TlsEngine({ ...options, root }, locateInstallation(root));
  engine.launch();
  return engine;
}

class TlsEngine implements TypeScriptEngine {
  private session!: TlsSession;
  private state: EngineState = 'starting';
  private restarts = 0;
  private restartTimes: number[] = [];
  private lastError: string | undefined;
  private relaunching: Promise<void> | undefined;
  private failedAt: number | undefined;
  private readonly answers = new FileAnswers(MAX_CACHED_FILE_ANSWERS);
  private readonly requestTimeoutMs: number;

  constructor(
    private readonly options: EngineOptions,
    private readonly installation: ServerInstallation,
  ) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  }

  launch(): void {
    const session = new TlsSession(this.installation, {
      root: this.options.root,
      logDirectory: this.options.logDirectory,
      maxTsServerMemory: this.options.maxTsServerMemory,
      requestTimeoutMs: this.requestTimeoutMs,
      loadTimeoutMs: Math.max(this.requestTimeoutMs * 10, 300_000),
      maxOpenDocuments: this.options.maxOpenDocuments ?? MAX_OPEN_DOCUMENTS,
      maxLooseFiles: MAX_LOOSE_FILES,
      onLog: (line) => this.options.onLog?.(line),
      onDeath: (reason) => this.onSessionDeath(session, reason),
    });
    this.session = session;
    if (this.state !== 'restarting') this.state = 'loading';
    session.start().then(
      () => {
        if (this.session === session && this.state !== 'stopped') this.state = 'ready';
      },
      (error: unknown) => {
        this.lastError = error instanceof Error ? error.message : String(error);
        // A session that died mid-start is restarted by onSessionDeath; any other start failure is final.
        if (this.session === session && this.state !== 'restarting' && this.state !== 'stopped') {
          this.state = 'failed';
          this.failedAt = Date.now();
        }
      },
    );
  }

  private onSessionDeath(session: TlsSession, reason: string): void {
    if (this.session !== session || this.state === 'stopped') return;
    this.lastError = reason;
    const now = Date.now();
    this.restartTimes = this.restartTimes.filter((time) => now - time < 60_000);
    if (this.restartTimes.length >= MAX_RESTARTS_PER_MINUTE) {
      this.state = 'failed';
      this.failedAt = now;
      return;
    }
    this.restartTimes.push(now);
    this.restarts += 1;
    this.state = 'restarting';
    this.options.onLog?.(`cn: restarting the language server: ${reason}`);
    this.launch();
  }

  async whenReady(): Promise<void> {
    for (;;) {
      const session = this.session;
      if (this.state === 'stopped') throw engineFailure('the engine has been disposed');
      if (this.state === 'failed' && this.failedAt !== undefined && Date.now() - this.failedAt >= RETRY_AFTER_FAILURE_MS) {
        // Whatever made it fail (a memory spike, a broken config being edited) may be gone: try again.
        this.failedAt = undefined;
        this.restartTimes = [];
        this.state = 'restarting';
        this.launch();
        continue;
      }
      if (this.state === 'failed') {
        throw engineFailure(`the language server failed: ${this.lastError ?? 'unknown error'}`, failureHint(this.lastError, this.options.maxTsServerMemory));
      }
      try {
        await session.gate.ready;
        return;
      } catch (error) {
        // The session died while loading; if another one took its place, wait for that one.
        if (this.session === session) throw error instanceof CnError ? error : engineFailure(String(error));
      }
    }
  }

  async searchSymbols(query: string): Promise<WorkspaceSymbolHit[]> {
    const session = await this.readySession();
    await session.documents.syncAll();
    // LSP workspace/symbol searches only the projects of one open file; navto without a file
    // searches every loaded project and also returns the container name.
    const items = await session.tsserverRequest<NavtoItem[]>('navto', { searchValue: query });
    return (items ?? []).map(fromNavtoItem);
  }

  async outline(filePath: string): Promise<OutlineNode[]> {
    return this.onFile(filePath, (session, file, stamp) =>
      this.answers.get('outline', file, session, stamp, async () =>
        fromDocumentSymbols(
          await session.request<lsp.DocumentSymbol[] | lsp.SymbolInformation[] | null>('textDocument/documentSymbol', { textDocument: { uri: pathToUri(file) } }),
        ),
      ),
    );
  }

  async foldingSpans(filePath: string): Promise<FoldingSpan[]> {
    return this.onFile(filePath, (session, file, stamp) =>
      this.answers.get('folds', file, session, stamp, async () =>
        fromFoldingRanges(await session.request<lsp.FoldingRange[] | null>('textDocument/foldingRange', { textDocument: { uri: pathToUri(file) } })),
      ),
    );
  }

  async definition(filePath: string, position: Position): Promise<SourceLocation[]> {
    return this.onFile(filePath, async (session, file) =>
      fromLspLocations(
        await session.request<lsp.Location | lsp.Location[] | lsp.LocationLink[] | null>('textDocument/definition', {
          textDocument: { uri: pathToUri(file) },
          position: toLspPosition(checkPosition(position)),
        }),
      ),
    );
  }

  async references(filePath: string, position: Position, includeDeclaration: boolean): Promise<SourceLocation[]> {
    return this.onFile(filePath, async (session, file) => {
      await session.documents.syncAll();
      const result = await session.request<lsp.Location[] | null>('textDocument/references', {
        textDocument: { uri: pathToUri(file) },
        position: toLspPosition(checkPosition(position)),
        context: { includeDeclaration },
      });
      return fromLspLocations(result);
    });
  }

  status(): EngineStatus {
    const unresponsive = this.state === 'ready' ? this.session.unresponsive : undefined;
    const status: EngineStatus = {
      state: unresponsive ? 'unresponsive' : this.state,
      serverVersion: this.installation.serverVersion,
      typescriptVersion: this.installation.typescriptVersion,
      typescriptSource: this.installation.typescriptSource,
      projects: this.session?.projects ?? [],
      looseFiles: this.session?.looseFiles ?? 0,
      restarts: this.restarts,
    };
    const configErrors = configErrorReports(this.options.root, this.session?.configErrors ?? []);
    if (configErrors.length > 0) status.configErrors = configErrors;
    const lastError = unresponsive ?? this.lastError ?? (configErrors[0] && describeConfigError(configErrors[0]));
    if (lastError !== undefined) status.lastError = lastError;
    return status;
  }

  async dispose(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    await this.session.dispose();
  }

  /** The ready session, brought up to date with files created or deleted since the last request. */
  private async readySession(): Promise<TlsSession> {
    await this.whenReady();
    const session = this.session;
    if ((await session.refreshFileSet()) === 'restart') await this.relaunchFor(session, 'the set of tsconfig/jsconfig projects changed');
    await this.whenReady();
    return this.session;
  }

  /** Replaces the session once, however many requests noticed that it must go. */
  private relaunchFor(session: TlsSession, reason: string): Promise<void> {
    if (this.session !== session) return Promise.resolve();
    this.relaunching ??= (async () => {
      this.options.onLog?.(`cn: ${reason}: reloading the language server`);
      this.state = 'restarting';
      await session.dispose();
      this.launch();
    })().finally(() => (this.relaunching = undefined));
    return this.relaunching;
  }

  /**
   * Confines the file to the root, waits for the engine, makes TLS see the file as on disk and
   * keeps it open while `work` asks about it (`stamp`: the content TLS has).
   */
  private async onFile<T>(filePath: string, work: (session: TlsSession, file: string, stamp: FileStamp) => Promise<T>): Promise<T> {
    const file = path.resolve(this.options.root, filePath);
    if (!isInside(this.options.root, file)) {
      throw badInput(`file is outside the project root: ${filePath}`, `Give a file under ${this.options.root}.`);
    }
    const stats = await stat(file).catch(() => undefined);
    if (!stats) throw badInput(`no such file: ${filePath}`, 'Check the path relative to the project root.');
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
      return locationsAt(session, 'textDocument/implementation', file, checkPosition(position));
    });
  }

  async hover(filePath: string, position: Position): Promise<HoverInfo | undefined> {
    return this.onFile(filePath, (session, file) => hoverAt(session, file, checkPosition(position)));
  }

  async typeDefinition(filePath: string, position: Position): Promise<SourceLocation[]> {
    return this.onFile(filePath, (session, file) => locationsAt(session, 'textDocument/typeDefinition', file, checkPosition(position)));
  }

  configDiagnostics(): EngineDiagnostic[] {
    return configErrorDiagnostics(this.session?.configErrors ?? []);
  }

  /**
   * A few named files are opened (synced from disk) first; for the whole project tsserver reads
   * the files it already watches, since opening hundreds would make TLS check each one twice.
   */
  async diagnostics(filePaths: string[]): Promise<EngineDiagnostic[]> {
    const openEach = filePaths.length <= MAX_OPENED_FOR_DIAGNOSTICS;
    const session = await this.readySession();
    if (!openEach) await session.documents.syncAll();
    const found: EngineDiagnostic[] = [];
    const openAndAsk = (filePath: string) => this.onFile(filePath, (current, file) => fileDiagnostics(current, file));
    for (const filePath of filePaths) {
      const file = path.resolve(this.options.root, filePath);
      const asked = openEach ? openAndAsk(file) : fileDiagnostics(session, file);
      // A session that restarted meanwhile answers after the file is opened in the new one.
      found.push(...(await asked.catch(() => openAndAsk(file))));
    }
    return found;
  }
}
