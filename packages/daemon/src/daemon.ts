import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ProjectPaths, SearchIndex, type EngineName, type StatusResponse, type WorkClock } from '@cn/core';
import { CN_VERSION, type DaemonRecord } from '@cn/protocol';
import { GitChanges } from './adapters/git-changes.js';
import { projectVersion } from './adapters/project-version.js';
import { AnswerCache } from './answer-cache.js';
import { answerWarnings } from './answer-warnings.js';
import {
  chooseEngine,
  fileEventsVouch,
  LazyDeclarationSyntax,
  LazyImportGraph,
  LazyReferenceSyntax,
  LazyTypeSyntax,
  savedIndexKey,
  settleFileEvents,
  shareStatsWithin,
  startTypeScriptEngine,
  treeMemory,
  type EngineChoice,
} from '@cn/lsp';
import { processStartTime } from '@cn/local-files/process-tree';
import { NodeSourceFiles } from './adapters/node-source-files.js';
import { SavedSignaturesFile } from './adapters/saved-signatures-file.js';
import { SavedSyntaxFile } from './adapters/saved-syntax-file.js';
import { NodeProjectSources, statStamps } from './adapters/project-sources.js';
import { StampsOnConnect } from './adapters/stamps-on-connect.js';
import { QuestionsInFlight } from './questions-in-flight.js';
import type { DaemonOptions } from './daemon-options.js';
import { NodeProjectWriter } from './adapters/project-writer.js';
import { DeferredEngine, type ChosenEngine } from './deferred-engine.js';
import { DaemonLog, logLine } from './daemon-log.js';
import { IdleTimer } from './idle-timer.js';
import { timingFirstQuestions } from './question-timeline.js';
import { QuietStart } from './quiet-start.js';
import { QuietCompaction } from './heap-compaction.js';
import { ensurePrivateDirectory, ensureStateDirectory } from '@cn/local-files';
import { rateLimited } from './log-rate-limit.js';
import { daemonFilesName, removeOwnDaemonFiles, writeDaemonFiles } from '@cn/local-files/daemon-files';

const FIRST_PORT = 41_700;
const LISTEN_ATTEMPTS = 10;
const FORCED_EXIT_MS = 8_000;
const PORT_FILE_CHECK_MS = 2_000;
/** What the HTTP server may log about outside traffic (refused requests) per minute. */
const SERVER_LOG_LINES_PER_MINUTE = 20;
/** How long the daemon must go without a question, once the project is loaded, before it builds the search index. */
const QUIET_BEFORE_SEARCH_INDEX_MS = 2_000;
/** How long the daemon goes without a question before it gives back the heap of its last work (heap-compaction.ts). */
const QUIET_BEFORE_COMPACTION_MS = 5_000;
/** How long the HTTP server's modules wait at most for the language server to have projects to build. */
const ENGINE_HANDSHAKE_WAIT_MS = 1_000;

let daemonLog: DaemonLog | undefined;

/** To daemon.log once it is open; before that (a failed start) to stderr, which the client points at the same file. */
export function log(line: string): void {
  if (daemonLog) daemonLog.write(line);
  else process.stderr.write(logLine(line));
}

/** The composition root: wires the engine and file adapters into the use cases and serves them. */
export async function runDaemon(options: DaemonOptions): Promise<void> {
  const modulesLoaded = sinceProcessStart();
  const root = options.root;
  if (!(await fs.stat(root).catch(() => undefined))?.isDirectory()) throw new Error(`root ${root} is not a directory`);
  ensureStateDirectory(options.stateDir);
  const logFile = path.join(options.stateDir, 'daemon.log');
  daemonLog = new DaemonLog(logFile);
  log(`cn: modules loaded ${modulesLoaded}`);
  const logDirectory = path.join(options.stateDir, 'tsserver-logs');
  ensurePrivateDirectory(logDirectory);
  const startedAt = new Date();
  const token = randomBytes(24).toString('hex');

  // The language server starts before the HTTP server's modules (Fastify, the schemas) are loaded: they load while
  // it builds the projects, instead of in front of it on the way to a cold answer.
  // What the syntax said of each reference outlives the daemon, beside the name index: a second start's first find
  // parses only the files that changed.
  const referenceSyntax = new LazyReferenceSyntax(
    { file: path.join(options.stateDir, 'reference-sites.json'), root, key: savedIndexKey(CN_VERSION, 'sites') },
    log,
  );
  const questions = new QuestionsInFlight(() => performance.now());
  // Every stat of this process, the engine's included, is shared by the questions in flight (lsp question-stats.ts).
  shareStatsWithin(questions);
  const { choice, chosen } = chooseDaemonEngine(root, options.engine, options.trustProject);
  // auto may hand the root over to the other engine (lsp/src/engine-life.ts): the record and the port file name the
  // engine answering, so a client that asks for one explicitly is served by it or refused (client/engine-request.ts).
  let answering: EngineName = chosen.engine;
  let published: DaemonRecord | undefined;
  const publish = async (record: DaemonRecord) => {
    await writeDaemonFiles(root, options.stateDir, record);
    published = record;
  };
  const engineChanged = (engineName: EngineName) => {
    answering = engineName;
    if (published && published.engine !== engineName)
      publish({ ...published, engine: engineName }).catch((error: unknown) =>
        log(`cn: the port file could not name the ${engineName} engine: ${String(error)}`),
      );
  };
  // The HTTP server's modules (~150 ms of this one thread on rxjs) load once the language server has projects to
  // build: loaded first, they held up its handshake's answer (~30 ms after the spawn), and its build began that late.
  let engineAtWork!: () => void;
  const engineHasWork = new Promise<void>((resolve) => (engineAtWork = resolve));
  const engine = new DeferredEngine(
    choice.then((engineChoice) =>
      startTypeScriptEngine({
        root,
        engine: engineChoice,
        logDirectory,
        maxTsServerMemory: options.maxTsServerMemory,
        requestTimeoutMs: options.requestTimeoutMs,
        onLog: log,
        onEngineChange: engineChanged,
        onceLoading: () => engineAtWork(),
        // What the daemon before read of each reference, read while the engine builds the projects.
        whileProjectsLoad: () => referenceSyntax.loadSaved(),
        freshSince: () => questions.freshSince(),
        // The native engine's name index outlives the daemon, beside its log: a second start reads what did not change.
        savedIndex: { file: path.join(options.stateDir, 'name-index.json'), cnVersion: CN_VERSION },
      }),
    ),
    chosen,
  );
  log(`cn: language server started ${sinceProcessStart()}`);
  // A server that fails, or never answers its handshake, must not keep the daemon from answering status.
  engine.whenReady().catch(() => engineAtWork());
  await settledWithin(engineHasWork, ENGINE_HANDSHAKE_WAIT_MS);
  const [{ buildServer }, { default: portfinder }] = await Promise.all([
    import('./http/server.js'),
    import('portfinder'),
  ]);
  log(`cn: HTTP server modules loaded ${sinceProcessStart()}`);
  // The project's file list outlives the daemon too: a second start's first find need not load the compiler API.
  const importGraph = new LazyImportGraph(
    root,
    { file: path.join(options.stateDir, 'project-files.json'), root, key: savedIndexKey(CN_VERSION, 'files') },
    log,
  );
  const stampsOnConnect: StampsOnConnect = new StampsOnConnect(
    {
      files: (): Promise<string[] | undefined> => sources.listedIfUnchanged(),
      statStamps,
      worthTaking: () => !fileEventsVouch(),
    },
    questions,
  );
  // What was kept of each text outlives the daemon too: a second start's first scan for a word reads only the files
  // that may hold it.
  const files: NodeSourceFiles = new NodeSourceFiles(root, stampsOnConnect, {
    savedSignatures: new SavedSignaturesFile(
      { file: path.join(options.stateDir, 'text-signatures.json'), root, key: savedIndexKey(CN_VERSION, 'signatures') },
      log,
    ),
  });
  const paths = new ProjectPaths(root);
  // Long work (the search index's first build, a grep, a pattern listing) pauses on this clock for other questions.
  const clock: WorkClock = {
    now: () => performance.now(),
    pause: () => new Promise<void>((resolve) => setImmediate(resolve)),
  };
  const sources: NodeProjectSources = new NodeProjectSources(root, importGraph, files, stampsOnConnect);
  const searchIndex = new SearchIndex({
    sources,
    files,
    paths,
    declarationSyntax: new LazyDeclarationSyntax(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()),
    ...clock,
    noQuestions: () => questions.noneInFlight(),
    // What the search index read of each file outlives the daemon, in its private state directory.
    saved: new SavedSyntaxFile(
      path.join(options.stateDir, 'search-syntax.json'),
      root,
      savedIndexKey(CN_VERSION, 'search'),
      log,
    ),
  });
  const deps = {
    engine,
    symbols: engine,
    navigation: engine,
    renaming: engine,
    checking: engine,
    writer: new NodeProjectWriter(root),
    importGraph,
    typeSyntax: new LazyTypeSyntax(),
    changes: new GitChanges(root, options.requestTimeoutMs, files),
    referenceSyntax,
    files,
    paths,
    sources,
    searchIndex,
    ...clock,
    answers: new AnswerCache(projectVersion(importGraph)),
  };
  // The search index reads and parses every file: it starts once the project is loaded and the daemon has had no
  // question for a moment, so it competes neither with the load nor with the first answers for the CPU (a search
  // asked earlier starts it at once).
  const compaction = new QuietCompaction(QUIET_BEFORE_COMPACTION_MS);
  const indexWhenQuiet = new QuietStart(QUIET_BEFORE_SEARCH_INDEX_MS, () => {
    log(`cn: search index started ${sinceProcessStart()}`);
    void searchIndex.start().then(() => compaction.workDone());
  });
  engine.whenReady().then(
    () => indexWhenQuiet.projectLoaded(),
    () => undefined,
  );
  engine.whenIndexed().then(
    () => compaction.workDone(),
    () => undefined,
  );

  let port = 0;
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log(`shutting down: ${reason}`);
    idle.stop();
    indexWhenQuiet.stop();
    compaction.stop();
    setTimeout(() => process.exit(0), FORCED_EXIT_MS).unref();
    // The port file and the record go first so no new client picks a daemon that is on its way out.
    await removeOwnDaemonFiles(root, options.stateDir, process.pid).catch(() => undefined);
    await server.close().catch(() => undefined);
    referenceSyntax.save();
    importGraph.save();
    files.saveSignatures();
    await searchIndex.saveOnExit();
    await engine.dispose().catch((error) => log(`engine shutdown: ${String(error)}`));
    process.exit(0);
  };
  const idle = new IdleTimer(
    options.idleMinutes * 60_000,
    () => void shutdown(`idle for ${options.idleMinutes} minutes`),
  );

  const status = (): StatusResponse => {
    const rssBytes = process.memoryUsage.rss();
    const processes = treeMemory(process.pid, 'daemon') ?? [{ pid: process.pid, name: 'daemon', rssBytes }];
    return {
      running: true,
      pid: process.pid,
      port,
      root,
      version: CN_VERSION,
      startedAt: startedAt.toISOString(),
      uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      rssBytes,
      treeRssBytes: processes.reduce((sum, entry) => sum + entry.rssBytes, 0),
      processes,
      logFile,
      idleMinutes: options.idleMinutes,
      ...(options.maxTsServerMemory !== undefined ? { maxTsServerMemory: options.maxTsServerMemory } : {}),
      ...engine.status(),
    };
  };

  const server = buildServer(
    {
      ...deps,
      status,
      ready: async () => {
        // cn start promises a loaded project: the native engine's name index too, or a first find lists fewer
        // candidates than the next (complete: false).
        await engine.whenIndexed();
        // And the search index starts now, not after the quiet (once this answer is on its way: a second start reads
        // its saved syntax synchronously first). typeorm: cn start returned -> first complete search 2.0 s before.
        setImmediate(() => indexWhenQuiet.startNow());
        return status();
      },
      shutdown: () => void shutdown('requested by a client'),
    },
    {
      token,
      onActivity: () => {
        idle.touch();
        indexWhenQuiet.activity();
      },
      log: rateLimited(log, { linesPerWindow: SERVER_LOG_LINES_PER_MINUTE, windowMs: 60_000 }),
      warning: answerWarnings(() => engine.status()),
      questions: compaction.listening(
        indexWhenQuiet.counting(timingFirstQuestions(stampsOnConnect, log, sinceProcessStart)),
      ),
      beforeAnswer: () => settleFileEvents(questions.freshSince()),
    },
  );

  port = await listenOnFreePort(server, portfinder);
  const processStart = processStartTime(process.pid);
  const record: DaemonRecord = {
    pid: process.pid,
    port,
    host: '127.0.0.1',
    root,
    token,
    version: CN_VERSION,
    startedAt: startedAt.toISOString(),
    logFile,
    engine: answering,
    ...(processStart !== undefined ? { processStart } : {}),
  };
  await publish(record);
  // The hand-over may have come while the files were written.
  engineChanged(answering);
  idle.touch();
  log(`listening on 127.0.0.1:${port} for ${root}`);
  log(`cn: listening ${sinceProcessStart()}`);

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
  // A daemon whose port file or record is gone or names another daemon can never be reached again: a client
  // replaced them (after a stale or corrupt file, or a wrong token) or the project went away. Leave, with children.
  const ownership = setInterval(() => {
    if (!daemonFilesName(root, options.stateDir, process.pid))
      void shutdown('the port file or the daemon record no longer names this daemon');
  }, PORT_FILE_CHECK_MS);
  ownership.unref();
}

/**
 * The engine for this daemon's life, chosen before it listens so the port file can name it. A choice that
 * fails (native asked for on a platform without its binary) fails every request with its reason.
 */
function chooseDaemonEngine(
  root: string,
  mode: DaemonOptions['engine'],
  trustProject: boolean,
): { choice: Promise<EngineChoice>; chosen: ChosenEngine } {
  try {
    const choice = chooseEngine(root, mode, trustProject);
    const engine = choice.adapter.versions.engine;
    log(
      `engine: ${engine}${choice.reason ? ` (${mode}: ${choice.reason})` : ''}${trustProject ? ', project trusted' : ''}`,
    );
    return {
      choice: Promise.resolve(choice),
      chosen: { engine, engineMode: mode, trustProject, ...(choice.reason ? { engineReason: choice.reason } : {}) },
    };
  } catch (error) {
    return {
      choice: Promise.reject(error instanceof Error ? error : new Error(String(error))),
      chosen: { engine: mode === 'native' ? 'native' : 'tsserver', engineMode: mode, trustProject },
    };
  }
}

/** Resolves once `promise` has, or `ms` have passed. */
function settledWithin(promise: Promise<void>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** How long since node started this process (what the bench reads as the daemon's own start-up). */
function sinceProcessStart(): string {
  return `${Math.round(performance.now())} ms after the process started`;
}

/** portfinder picks a free port; another process can still take it first, so try the next one. */
async function listenOnFreePort(server: FastifyInstance, portfinder: typeof import('portfinder')): Promise<number> {
  let candidate = FIRST_PORT;
  for (let attempt = 1; ; attempt++) {
    const port = await portfinder.getPortPromise({ port: candidate, host: '127.0.0.1' });
    try {
      await server.listen({ port, host: '127.0.0.1' });
      return port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= LISTEN_ATTEMPTS) throw error;
      candidate = port + 1;
    }
  }
}
