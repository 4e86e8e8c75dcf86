import {
  CnError,
  describeConfigError,
  engineFailure,
  type EngineMode,
  type EngineName,
  type EngineState,
  type EngineStatus,
} from '@cn/core';
import { configErrorReports } from './config-errors.js';
import type { EngineAdapter } from './engine-adapter.js';
import type { ConfigNeed } from './engine-choice.js';
import { failureHint } from './engine-checks.js';
import { LanguageServerSession, type SessionSettings } from './language-server-session.js';
import type { SourceTree } from './source-tree.js';

/** What was asked for, and why the engine is the one it is (auto). */
export interface EngineRequest {
  mode: EngineMode;
  reason?: string;
  trustProject: boolean;
  /** auto: the other engine, taken once if the chosen one keeps crashing on this root (engine-choice.ts). */
  fallback?: () => EngineAdapter;
  /** The configs with an option only tsserver honours: what native answers without (cn status). */
  needs?: ConfigNeed[];
  /** The tree the choice walked (engine-choice.ts): the first session starts from it, and takes it. */
  tree?: SourceTree | undefined;
}

/** Why a failed engine cannot answer, and what to do. */
interface Failure {
  message: string;
  hint: string;
}

// Restarting more often than this means the project itself kills tsserver; stop trying.
const MAX_RESTARTS_PER_MINUTE = 5;
/** A failed engine is tried again by the first request after this pause. */
const RETRY_AFTER_FAILURE_MS = 30_000;

/**
 * The engine's life: one LanguageServerSession at a time, replaced when it dies (a bounded number of times a
 * minute), when the set of projects changes, or 30 s after it failed; and its state for cn status. An engine auto
 * chose that dies more often than that hands the whole root over to the other engine, once.
 */
export class EngineLife {
  session!: LanguageServerSession;
  private state: EngineState = 'starting';
  private restarts = 0;
  private restartTimes: number[] = [];
  private lastError: string | undefined;
  private failure: Failure | undefined;
  private relaunching: Promise<void> | undefined;
  private failedAt: number | undefined;
  private fallback: (() => EngineAdapter) | undefined;
  private fellBack: { from: EngineName; reason: string } | undefined;

  constructor(
    private current: EngineAdapter,
    private readonly request: EngineRequest,
    private readonly options: {
      root: string;
      maxTsServerMemory?: number;
      onLog?: (line: string) => void;
      /** The engine answering changed (auto's hand-over): the daemon's record names the engine. */
      onEngineChange?: (engine: EngineName) => void;
    },
    private readonly settings: Omit<SessionSettings, 'onDeath'>,
  ) {
    this.fallback = request.fallback;
  }

  /** The adapter of the engine answering now. */
  get adapter(): EngineAdapter {
    return this.current;
  }

  launch(): void {
    // The choice's walk serves the first session only (a later one walks the tree as it is then), and is let go with
    // it rather than kept by the choice for the daemon's life.
    const walked = this.request.tree;
    this.request.tree = undefined;
    const session = new LanguageServerSession(this.current, {
      ...this.settings,
      ...(walked ? { walked } : {}),
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
        if (
          this.session === session &&
          this.state !== 'restarting' &&
          this.state !== 'stopped' &&
          this.state !== 'failed'
        )
          this.fail({
            message: `the language server failed: ${this.lastError}`,
            hint: failureHint(this.lastError, this.options.maxTsServerMemory),
          });
      },
    );
  }

  private onSessionDeath(session: LanguageServerSession, reason: string): void {
    if (this.session !== session || this.state === 'stopped') return;
    this.lastError = reason;
    const now = Date.now();
    this.restartTimes = this.restartTimes.filter((time) => now - time < 60_000);
    if (this.restartTimes.length >= MAX_RESTARTS_PER_MINUTE) {
      const engine = this.current.versions.engine;
      const crashes = `the ${engine} engine crashed ${MAX_RESTARTS_PER_MINUTE + 1} times within a minute; the last time: ${reason}`;
      if (this.handOver(crashes)) return;
      this.fail({ message: crashes, hint: this.crashHint(reason) });
      return;
    }
    this.restartTimes.push(now);
    this.restarts += 1;
    this.state = 'restarting';
    this.options.onLog?.(`cn: restarting the language server: ${reason}`);
    this.launch();
  }

  private fail(failure: Failure): void {
    this.failure = failure;
    this.state = 'failed';
    this.failedAt = Date.now();
  }

  /**
   * auto's other engine takes over the whole root (one engine runs per daemon), once: the project may crash one
   * engine and not the other (typescript-go 7.0.2 panics in Snapshot.Clone on vitest, tsserver loads it).
   */
  private handOver(crashes: string): boolean {
    const fallback = this.fallback;
    this.fallback = undefined;
    if (!fallback) return false;
    let next: EngineAdapter;
    try {
      next = fallback();
    } catch (error) {
      this.options.onLog?.(`cn: ${crashes}; the other engine cannot start: ${String(error)}`);
      return false;
    }
    this.fellBack = { from: this.current.versions.engine, reason: crashes };
    this.options.onLog?.(`cn: ${crashes}; the ${next.versions.engine} engine answers for the whole root instead`);
    this.current = next;
    this.restartTimes = [];
    this.state = 'restarting';
    this.options.onEngineChange?.(next.versions.engine);
    this.launch();
    return true;
  }

  /** A crash loop's hint: more memory when it ran out, else the other engine (unless it already took over). */
  private crashHint(reason: string): string {
    if (/out of memory/i.test(reason) || this.fellBack) return failureHint(reason, this.options.maxTsServerMemory);
    const other = this.current.versions.engine === 'native' ? 'tsserver' : 'native';
    return `the ${other} engine may load this project: cn stop, then cn start --engine ${other} (or CN_ENGINE=${other}); cn status shows the state`;
  }

  async whenReady(): Promise<void> {
    for (;;) {
      const session = this.session;
      if (this.state === 'stopped') throw engineFailure('the engine has been disposed');
      if (
        this.state === 'failed' &&
        this.failedAt !== undefined &&
        Date.now() - this.failedAt >= RETRY_AFTER_FAILURE_MS
      ) {
        // Whatever made it fail (a memory spike, a broken config being edited) may be gone: try again.
        this.failedAt = undefined;
        this.failure = undefined;
        this.restartTimes = [];
        this.state = 'restarting';
        this.launch();
        continue;
      }
      if (this.state === 'failed' && this.failure) throw engineFailure(this.failure.message, this.failure.hint);
      try {
        await session.gate.ready;
        // A session that died after its gate opened still has it open until its life hears of the death.
        if (session.death && !this.failure) {
          await session.death;
          if (this.session !== session || this.failure) continue;
          throw engineFailure('language server unavailable: it died and was not restarted');
        }
        return;
      } catch (error) {
        // The session died while loading; if another one took its place, wait for that one. One that failed for good
        // says why (its session's error would say it restarts by itself).
        if (this.session === session && !this.failure)
          throw error instanceof CnError ? error : engineFailure(String(error));
      }
    }
  }

  status(): EngineStatus {
    const unresponsive = this.state === 'ready' ? this.session.unresponsive : undefined;
    const { engine, serverVersion, typescriptVersion, typescriptSource } = this.current.versions;
    const status: EngineStatus = {
      state: unresponsive ? 'unresponsive' : this.state,
      engine,
      engineMode: this.request.mode,
      ...(this.request.reason !== undefined ? { engineReason: this.request.reason } : {}),
      ...(this.fellBack ? { engineFallback: this.fellBack } : {}),
      ...this.notHonoured(),
      serverVersion,
      typescriptVersion,
      typescriptSource,
      trustProject: this.request.trustProject,
      projects: this.session?.projects ?? [],
      looseFiles: this.session?.looseFiles ?? 0,
      ...(this.session?.looseFilesLeftOut ? { looseFilesLeftOut: this.session.looseFilesLeftOut } : {}),
      restarts: this.restarts,
    };
    const configErrors = configErrorReports(this.options.root, this.session?.configErrors ?? []);
    if (configErrors.length > 0) status.configErrors = configErrors;
    const lastError =
      unresponsive ??
      this.failure?.message ??
      this.lastError ??
      (configErrors[0] && describeConfigError(configErrors[0]));
    if (lastError !== undefined) status.lastError = lastError;
    if (this.session && ['starting', 'loading', 'restarting'].includes(this.state))
      status.progress = { ...this.session.progress };
    return status;
  }

  /** The configs whose options the engine answering does not honour: native answers without what they need. */
  private notHonoured(): Pick<EngineStatus, 'notHonoured'> {
    const needs = this.current.versions.engine === 'native' ? (this.request.needs ?? []) : [];
    if (needs.length === 0) return {};
    return { notHonoured: needs.map(({ config, option, files }) => ({ config, option, files })) };
  }

  async dispose(): Promise<void> {
    if (this.state === 'stopped') return;
    this.state = 'stopped';
    await this.session.dispose();
  }

  /** The ready session, brought up to date with files created or deleted since the last request. */
  async readySession(): Promise<LanguageServerSession> {
    await this.whenReady();
    const session = this.session;
    const state = await session.refreshFileSet();
    if (state !== 'current') await this.relaunchFor(session, state.reload);
    await this.whenReady();
    return this.session;
  }

  /** Replaces the session once, however many requests noticed that it must go. */
  private relaunchFor(session: LanguageServerSession, reason: string): Promise<void> {
    if (this.session !== session) return Promise.resolve();
    this.relaunching ??= (async () => {
      this.options.onLog?.(`cn: ${reason}: reloading the language server`);
      this.state = 'restarting';
      await session.dispose();
      this.launch();
    })().finally(() => (this.relaunching = undefined));
    return this.relaunching;
  }
}
