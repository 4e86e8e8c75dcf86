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
    this.timer = setTimeout(this.onIdle, this.idleMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
