import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { engineFailure, type LoadingProgress } from '@cn/core';
import type { RequestType } from 'vscode-jsonrpc/node.js';
import {
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  ShutdownRequest,
} from 'vscode-languageserver-protocol';
import { DocumentSync } from './document-sync.js';
import type { EngineAdapter, SessionSymbols } from './engine-adapter.js';
import { LspConnection, RESTARTS_BY_ITSELF } from './lsp-connection.js';
import { FileChangeFeed } from './file-change-feed.js';
import { currentLedger, FileEventLedger, useLedger } from './file-event-ledger.js';
import { FileSetMonitor, stampedWalk } from './file-set-monitor.js';
import type { ConfigError, ProjectLayout } from './project-layout.js';
import { BrokenConfigs } from './config-errors.js';
import { guessAnchors, walkSourceTree, type SourceTree } from './source-tree.js';
import { KeptConfigs } from './config-graph.js';
import { FreshEnoughRefresh } from './fresh-enough-refresh.js';
import { ReadinessGate } from './readiness-gate.js';
import { ServerPositions } from './server-positions.js';
import { LanguageServerProcess } from './language-server-process.js';

/** What a refresh found: the session is current, or it must be replaced (`reload`: why, for the log). */
export type FileSetState = 'current' | { reload: string };
const PROJECTS_CHANGED = 'the set of tsconfig/jsconfig projects changed';

export interface SessionSettings {
  root: string;
  logDirectory: string;
  maxTsServerMemory?: number;
  requestTimeoutMs: number;
  loadTimeoutMs: number;
  maxOpenDocuments: number;
  maxLooseFiles: number;
  onLog(line: string): void;
  /** See EngineOptions.onceLoading. */
  onceLoading(): void;
  /** See EngineOptions.whileProjectsLoad. */
  whileProjectsLoad(): void;
  /** See EngineOptions.freshSince. */
  freshSince(): number | undefined;
  /** See EngineOptions.savedIndex. */
  savedIndex?: { file: string; cnVersion: string };
  /** The root's tree, stamped, as the engine choice walked it (the first session only): not walked again. */
  walked?: SourceTree | undefined;
  /** Called once when the language server or its tsserver dies (not when the session is disposed). */
  onDeath(reason: string): void;
}

const TREE_WATCH_INTERVAL_MS = 1000;
/** How long a process of the tree may stay stopped under waiting requests before it is replaced. */
const STOPPED_RESTART_AFTER_MS = 3000;

/**
 * One life of a language server (typescript-language-server, or the native server): spawn, initialize,
 * load every project, answer, die. What the engines do alike is here; the rest is the adapter's.
 */
export class LanguageServerSession {
  readonly process: LanguageServerProcess;
  readonly connection: LspConnection;
  readonly documents: DocumentSync;
  readonly gate = new ReadinessGate();
  readonly symbols: SessionSymbols;
  /** Places between the server's lines and cn's (the native server counts lines as LSP does). */
  readonly positions: ServerPositions;
  projects: string[] = [];
  looseFiles = 0;
  /** Loose files past the cap (project-layout.ts), not loaded. */
  looseFilesLeftOut = 0;
  /** The session's own directory in cn's private state (0700), removed with the server's tree: cn's files for it. */
  readonly privateDirectory: string;

  /** How far start() has got, for cn's progress line; stays as it was once ready. */
  readonly progress: LoadingProgress = { phase: 'starting', projectsLoaded: 0, projectsTotal: 0, sourceFiles: 0 };
  /** The configs kept from the engine at the last walk of the tree (config-graph.ts). */
  private readonly keptConfigs: KeptConfigs;
  /** Configs tsc cannot read or cn keeps from the engine, from the last discovery: their projects are not loaded. */
  private readonly brokenConfigs = new BrokenConfigs();
  /** Why the session cannot answer now (a process of it is stopped), while that lasts. */
  unresponsive: string | undefined;
  private stoppedSince: number | undefined;
  private layout: ProjectLayout | undefined;
  private fileSet: FileSetMonitor | undefined;
  /** Edits in place, for an engine that does not watch files itself. */
  private edits: FileChangeFeed | undefined;
  /** What the feed's events vouch for, for every stat of the process while this session runs. */
  private ledger: FileEventLedger | undefined;
  private readonly refresh = new FreshEnoughRefresh<FileSetState>(
    () => this.refreshNow(),
    (state) => state === 'current',
    () => this.settings.freshSince(),
    () => performance.now(),
  );
  private disposed = false;
  private dead = false;
  /** Why the server said it is dying (a line of its stderr: a panic, out of memory), once it said so. */
  private verdict: string | undefined;
  /** Once the session died: resolves when its gate has failed and its life has heard of it. */
  private deathSettled: Promise<void> | undefined;
  private readonly watchTimer: NodeJS.Timeout;

  /**
   * Once the session died (its connection is closed at once, its life hears of it only after the server's stderr is
   * read): settles when its life has heard, so a request arriving in between waits for the next session.
   */
  get death(): Promise<void> | undefined {
    return this.deathSettled;
  }

  constructor(
    private readonly adapter: EngineAdapter,
    private readonly settings: SessionSettings,
  ) {
    // The tree's own temp dir, inside cn's private state directory: typescript-language-server makes a directory per
    // tsserver for its cancellation pipes in TMPDIR and never removes it. Removed with the tree, whatever it holds.
    const tempDirectory = mkdtempSync(path.join(settings.logDirectory, 'tmp-'));
    this.privateDirectory = tempDirectory;
    this.process = new LanguageServerProcess(
      adapter.launch({ ...settings, tempDirectory }),
      settings.root,
      (command, isServer) => adapter.describeProcess(command, isServer),
      (text) => this.onServerOutput(text),
      tempDirectory,
    );
    settings.onLog(`cn: language server spawned ${Math.round(performance.now())} ms after the process started`);
    this.connection = new LspConnection(this.process.child, {
      onLogMessage: (message, type) => {
        if (type <= adapter.logLevel) this.onServerOutput(message);
      },
      onProgress: (token, value) => this.gate.onProgress(token, value.kind),
      onClose: (reason) => this.die(reason),
      configuration: (section) => adapter.configuration(section),
    });
    this.keptConfigs = new KeptConfigs(settings.root);
    this.documents = new DocumentSync(this.connection, settings.maxOpenDocuments, (file) =>
      this.keptConfigs.refusalOf(file),
    );
    this.positions = new ServerPositions(adapter.lineBreaks);
    this.symbols = adapter.createSymbols(this);
    void this.process.exitedPromise.then(() => this.die('the language server process exited'));
    this.watchTimer = setInterval(() => this.watchTree(), TREE_WATCH_INTERVAL_MS);
    this.watchTimer.unref();
  }

  get configErrors(): ConfigError[] {
    return this.brokenConfigs.errors;
  }

  /** Where the name index of this root is kept between daemons, if anywhere (the private state directory). */
  get savedIndexFile(): { file: string; cnVersion: string } | undefined {
    return this.settings.savedIndex;
  }

  get root(): string {
    return this.settings.root;
  }

  get requestTimeoutMs(): number {
    return this.settings.requestTimeoutMs;
  }

  get loadTimeoutMs(): number {
    return this.settings.loadTimeoutMs;
  }

  log(line: string): void {
    this.settings.onLog(line);
  }

  /** The config of the project that owns the file (project-layout.ts, fileOwners); undefined for a loose file. */
  ownerOf(file: string): string | undefined {
    return this.layout?.fileOwners[file];
  }

  /**
   * Initializes the language server, then opens one anchor per project and waits until tsserver has loaded
   * them.
   */
  async start(): Promise<void> {
    try {
      const { root, loadTimeoutMs } = this.settings;
      const started = Date.now();
      const phase = (what: string) => this.settings.onLog(`cn: ${what} after ${Date.now() - started} ms`);
      const params = this.adapter.initializeParams(this.settings);
      // Discovery (a worker parsing configs) runs while the language server initializes and spawns tsserver.
      // Stamped as it is walked, so the monitor below sees what changed since, however long the initialize takes.
      const walked = this.settings.walked;
      // Taken once: the session does not keep the walk for its life (the monitor keeps what it needs of it).
      this.settings.walked = undefined;
      const tree = this.keptConfigs.safeTree(walked ?? stampedWalk(root));
      this.progress.sourceFiles = tree.sources.length;
      phase(`source tree of ${tree.sources.length} files ${walked ? "taken from the engine choice's walk" : 'walked'}`);
      const discovering = this.adapter.discover(root, this.settings.maxLooseFiles, tree);
      discovering.catch(() => undefined);
      await this.connection.request(InitializeRequest.type, params, loadTimeoutMs);
      this.connection.notify(InitializedNotification.type, {});
      phase('language server initialized');
      // tsserver starts loading projects from guessed anchors while the worker parses the configs.
      const guessed = guessAnchors(tree);
      for (const anchor of guessed) await this.documents.sync(anchor, true).catch(() => undefined);
      // The native server builds a project only when a request needs it (its didOpen only records the document): asked
      // now, it builds while the configs are read and the daemon loads the rest of itself, not after (rxjs: ready
      // ~0.3 s sooner). tsserver, which builds on open, answers once it has. The exact anchors are asked below.
      for (const anchor of guessed) this.adapter.loadProject(this, anchor, loadTimeoutMs).catch(() => undefined);
      this.settings.onceLoading();
      this.fileSet = await FileSetMonitor.watch(tree, (file) => this.keptConfigs.keeps(file));
      if (!this.adapter.watchesFiles) {
        const fileSet = this.fileSet;
        this.ledger = FileEventLedger.forRoot(
          root,
          (file, directory) => fileSet.lists(file, directory),
          () => performance.now(),
          (line) => this.settings.onLog(line),
        );
        this.edits = new FileChangeFeed((line) => this.settings.onLog(line), this.ledger);
        useLedger(this.ledger);
        await this.edits.follow(this.fileSet.directories());
      }
      this.progress.phase = 'discovering';
      const layout = await discovering;
      this.layout = layout;
      Object.assign(this.progress, { phase: 'loading', projectsTotal: layout.projects.length });
      phase(`found ${layout.projects.length} projects and ${layout.looseFiles.length} loose files`);
      this.settings.whileProjectsLoad();
      await this.noteConfigErrors(layout);
      for (const project of layout.projects) await this.documents.sync(project.anchor, true);
      const anchors = new Set(layout.projects.map((project) => project.anchor));
      for (const anchor of guessed) if (!anchors.has(anchor)) await this.documents.release(anchor);
      if (layout.looseFiles.length > 0) await this.adapter.openLooseFiles(this, layout, []);
      this.symbols.prepare?.();
      const loaded = new Set<string>();
      for (const project of layout.projects) {
        loaded.add((await this.adapter.loadProject(this, project.anchor, loadTimeoutMs)) ?? project.configPath);
        this.progress.projectsLoaded += 1;
      }
      phase('projects loaded');
      await this.gate.whenIdle(loadTimeoutMs);
      phase('ready');
      this.projects = [...loaded].map((config) => path.relative(root, config).split(path.sep).join('/')).sort();
      this.looseFiles = layout.looseFiles.length;
      this.looseFilesLeftOut = layout.looseFilesLeftOut;
      if (layout.looseFilesLeftOut > 0)
        this.settings.onLog(
          `cn: only the first ${layout.looseFiles.length} loose files are loaded; ${layout.looseFilesLeftOut} are left out`,
        );
      this.process.recordDescendants();
      this.gate.open();
      this.symbols.start(layout);
    } catch (error) {
      // A start cut short by the server's death ends once that death is settled (die), so the engine's life has
      // heard of it first.
      if (this.deathSettled) await this.deathSettled;
      else this.gate.fail(error);
      throw error;
    }
  }

  /**
   * Brings tsserver up to date with files created, deleted or renamed since the last answer, so the
   * next answer includes them; `reload` (why) when the set of tsconfig/jsconfig projects changed, which
   * only a fresh session loads correctly, or the server could not take the changes. Concurrent callers share one
   * refresh.
   */
  refreshFileSet(): Promise<FileSetState> {
    return this.refresh.get();
  }

  private async refreshNow(): Promise<FileSetState> {
    if (!this.fileSet || !this.layout) return 'current';
    if (await this.brokenConfigs.edited()) return { reload: 'a config cn could not load was edited' };
    const change = await this.fileSet.check(this.settings.freshSince());
    if (change.configsChanged) return { reload: PROJECTS_CHANGED };
    await this.edits?.follow(this.fileSet.directories());
    const edited = (await this.edits?.drain()) ?? [];
    const previous = this.layout;
    if (change.addedSources.length === 0 && change.removedSources.length === 0) {
      if (edited.length > 0) await this.applyChanges({ created: [], deleted: [], edited, previous, layout: previous });
      return 'current';
    }
    this.settings.onLog(
      `cn: ${change.addedSources.length} files created, ${change.removedSources.length} deleted: reloading projects`,
    );
    const layout = await this.adapter.discover(
      this.settings.root,
      this.settings.maxLooseFiles,
      this.keptConfigs.safeTree(walkSourceTree(this.settings.root)),
    );
    const configs = (projects: ProjectLayout['projects']) =>
      projects
        .map((project) => project.configPath)
        .sort()
        .join('\n');
    if (configs(layout.projects) !== configs(previous.projects)) return { reload: PROJECTS_CHANGED };
    // The monitor has taken these changes in: a server that failed to take them (tsserver's reloadProjects fails with
    // "Debug Failure" when files are deleted under it) would answer from the old set for good. A fresh one reads
    // the set as it is now, and the question waits for it instead of failing.
    try {
      await this.applyChanges({
        created: change.addedSources,
        deleted: change.removedSources,
        edited,
        previous,
        layout,
      });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { reload: `handing it the files created or deleted failed (${why})` };
    }
    this.layout = layout;
    this.looseFiles = layout.looseFiles.length;
    await this.noteConfigErrors(layout);
    return 'current';
  }

  private async applyChanges(changes: Parameters<EngineAdapter['applyFileChanges']>[1]): Promise<void> {
    await this.adapter.applyFileChanges(this, changes);
    this.symbols.changed(changes);
  }

  private noteConfigErrors(layout: ProjectLayout): Promise<void> {
    return this.brokenConfigs.note([...layout.configErrors, ...this.keptConfigs.errors()], (line) => this.log(line));
  }

  request<P, R>(type: RequestType<P, R, unknown>, params: P): Promise<R> {
    return this.connection.request(type, params, this.settings.requestTimeoutMs);
  }

  /**
   * A tsserver that died under a living language server kills the session. So does one stopped by a signal
   * (SIGSTOP) while requests wait on it: they would wait for their whole deadline (a minute) and
   * cn status would say ready. A process's state tells stopped from busy, which a ping with a short
   * deadline cannot: a tsserver busy on a large project is slow to answer anything, yet healthy.
   */
  private watchTree(): void {
    const tree = this.process.checkTree();
    if (tree.lostHelper) return this.die(`${tree.lostHelper} exited`);
    const [stopped] = tree.stopped;
    if (!stopped) {
      this.stoppedSince = undefined;
      this.unresponsive = undefined;
      return;
    }
    this.stoppedSince ??= Date.now();
    this.unresponsive = `${stopped.name} (pid ${stopped.pid}) is stopped (SIGSTOP) and answers nothing`;
    // A short stop with nothing waiting (a debugger, a SIGCONT soon) is only reported.
    if (this.connection.pendingCount > 0 && Date.now() - this.stoppedSince >= STOPPED_RESTART_AFTER_MS)
      this.die(this.unresponsive);
  }

  private onServerOutput(text: string): void {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      this.settings.onLog(line);
      const verdict = this.adapter.deathIn(line, this.settings.maxTsServerMemory);
      if (verdict) {
        this.verdict ??= verdict;
        this.die(verdict);
      }
    }
  }

  /**
   * Ends the session; its gate fails and its life hears of it once the server's stderr is read: a crashing server says
   * why there (typescript-go's panic), and its stdout may close first, which only says that the connection closed.
   */
  private die(reason: string): void {
    if (this.dead) return;
    this.dead = true;
    clearInterval(this.watchTimer);
    this.stopWatching();
    this.connection.close(reason);
    const killed = this.process.kill();
    const said = this.verdict ? Promise.resolve() : killed.then(() => this.process.stderrRead());
    this.deathSettled = said.then(() => {
      const why = this.verdict ?? reason;
      this.gate.fail(engineFailure(`language server unavailable: ${why}`, RESTARTS_BY_ITSELF));
      if (!this.disposed) this.settings.onDeath(why);
    });
  }

  /** Files edited since the engine was last told (edits it has not seen yet): see FileChangeFeed.undrained. */
  undrainedEdits(): ReadonlySet<string> {
    return this.edits?.undrained() ?? new Set();
  }

  private stopWatching(): void {
    // The index first, while the feed still knows which files were edited and not yet handed to the engine.
    this.symbols.dispose();
    this.edits?.close();
    if (this.ledger !== undefined && currentLedger() === this.ledger) useLedger(undefined);
  }

  /** LSP shutdown (no params: the native server refuses any) + exit, then the tree is killed if it lingers. */
  async dispose(graceMs = 2000): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    clearInterval(this.watchTimer);
    this.stopWatching();
    if (!this.dead) {
      await this.connection.request(ShutdownRequest.type, undefined, graceMs).catch(() => undefined);
      this.connection.notify(ExitNotification.type, undefined);
    }
    this.dead = true;
    this.connection.close('the engine was disposed');
    await this.process.stop(graceMs);
  }
}
