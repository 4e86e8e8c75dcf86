import {
  CnError,
  describeConfigError,
  engineFailure,
  type EngineMode,
  type EngineState,
  type EngineStatus,
} from '@cn/core';
import { configErrorReports } from './config-errors.js';
import type { EngineAdapter } from './engine-adapter.js';
import { failureHint } from './engine-checks.js';
import { LanguageServerSession, type SessionSettings } from './language-server-session.js';

/** What was asked for, and why the engine is the one it is (auto). */
export interface EngineRequest {
  mode: EngineMode;
  reason?: string;
  trustProject: boolean;
}

// Restarting more often than this means the project itself kills tsserver; stop trying.
const MAX_RESTARTS_PER_MINUTE = 5;
/** A failed engine is tried again by the first request after this pause. */
const RETRY_AFTER_FAILURE_MS = 30_000;

/**
 * The engine's life: one LanguageServerSession at a time, replaced when it dies (a bounded number of times a
 * minute), when the set of projects changes, or 30 s after it failed; and its state for cn status.
 */
export class EngineLife {
  session!: LanguageServerSession;
  private state: EngineState = 'starting';
  private restarts = 0;
  private restartTimes: number[] = [];
  private lastError: string | undefined;
  private relaunching: Promise<void> | undefined;
  private failedAt: number | undefined;

  constructor(
    private readonly adapter: EngineAdapter,
    private readonly request: EngineRequest,
    private readonly options: { root: string; maxTsServerMemory?: number; onLog?: (line: string) => void },
    private readonly settings: Omit<SessionSettings, 'onDeath'>,
  ) {}

  launch(): void {
    const session = new LanguageServerSession(this.adapter, {
      ...this.settings,
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

  private onSessionDeath(session: LanguageServerSession, reason: string): void {
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
      if (
        this.state === 'failed' &&
        this.failedAt !== undefined &&
        Date.now() - this.failedAt >= RETRY_AFTER_FAILURE_MS
      ) {
        // Whatever made it fail (a memory spike, a broken config being edited) may be gone: try again.
        this.failedAt = undefined;
        this.restartTimes = [];
        this.state = 'restarting';
        this.launch();
        continue;
      }
      if (this.state === 'failed') {
        throw engineFailure(
          `the language server failed: ${this.lastError ?? 'unknown error'}`,
          failureHint(this.lastError, this.options.maxTsServerMemory),
        );
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

  status(): EngineStatus {
    const unresponsive = this.state === 'ready' ? this.session.unresponsive : undefined;
    const { engine, serverVersion, typescriptVersion, typescriptSource } = this.adapter.versions;
    const status: EngineStatus = {
      state: unresponsive ? 'unresponsive' : this.state,
      engine,
      engineMode: this.request.mode,
      ...(this.request.reason !== undefined ? { engineReason: this.request.reason } : {}),
      serverVersion,
      typescriptVersion,
      typescriptSource,
      trustProject: this.request.trustProject,
      projects: this.session?.projects ?? [],
      looseFiles: this.session?.looseFiles ?? 0,
      restarts: this.restarts,
    };
    const configErrors = configErrorReports(this.options.root, this.session?.configErrors ?? []);
    if (configErrors.length > 0) status.configErrors = configErrors;
    const lastError = unresponsive ?? this.lastError ?? (configErrors[0] && describeConfigError(configErrors[0]));
    if (lastError !== undefined) status.lastError = lastError;
    if (this.session && ['starting', 'loading', 'restarting'].includes(this.state))
      status.progress = { ...this.session.progress };
    return status;
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
    if ((await session.refreshFileSet()) === 'restart')
      await this.relaunchFor(session, 'the set of tsconfig/jsconfig projects changed');
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
