/**
 * Open until the projects are loaded. Two signals must agree: the explicit check that each anchor's project
 * answered a semantic request, and no project-loading $/progress still running (the language server reports
 * one while tsserver builds a program, including later rebuilds after a config changed).
 */
export class ReadinessGate {
  private readonly loadingTokens = new Set<string | number>();
  private idleWaiters: (() => void)[] = [];
  private settled = false;
  private resolveReady!: () => void;
  private rejectReady!: (error: unknown) => void;
  readonly ready: Promise<void>;

  constructor() {
    this.ready = new Promise<void>((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    // Callers attach later; an early failure must not be reported as unhandled.
    this.ready.catch(() => undefined);
  }

  onProgress(token: string | number, kind: string | undefined): void {
    if (kind === 'begin') this.loadingTokens.add(token);
    if (kind === 'end') {
      this.loadingTokens.delete(token);
      if (this.loadingTokens.size === 0) this.releaseIdleWaiters();
    }
  }

  /** Resolves when no loading progress is open, or after `maxWaitMs` (a lost `end` must not hang us). */
  whenIdle(maxWaitMs: number): Promise<void> {
    if (this.loadingTokens.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      timer.unref();
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  open(): void {
    if (this.settled) return;
    this.settled = true;
    this.resolveReady();
  }

  fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.rejectReady(error);
  }

  private releaseIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const waiter of waiters) waiter();
  }
}
