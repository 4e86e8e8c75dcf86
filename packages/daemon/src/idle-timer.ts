import { MAX_TIMER_MS } from '@cn/core';

/** Calls `onIdle` once no activity has been seen for `idleMs`; every `touch()` starts the wait again. */
export class IdleTimer {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly idleMs: number,
    private readonly onIdle: () => void,
  ) {}

  touch(): void {
    if (this.idleMs <= 0) return;
    if (this.timer) clearTimeout(this.timer);
    // Bounded again here (the options are): past node's longest timer, setTimeout fires at once.
    this.timer = setTimeout(this.onIdle, Math.min(this.idleMs, MAX_TIMER_MS));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
