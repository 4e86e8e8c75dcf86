/**
 * Who may use the engine now. Questions share it (any number at once); an exclusive turn (cn check, which gives the
 * engine an unsaved text and takes it back) waits for the questions running to finish, and questions that arrive
 * while one waits or runs wait for it, so no answer is ever computed from the unsaved text. Exclusive turns run one at
 * a time, in arrival order.
 */
export class EngineGate {
  private running = 0;
  private exclusivePending = 0;
  /** Resolves when no exclusive turn is pending. */
  private opened: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;
  /** The last exclusive turn queued: the next one starts after it. */
  private tail: Promise<void> = Promise.resolve();
  /** The waiting exclusive turn's wake-up, once the running questions are done. */
  private drained: (() => void) | undefined;

  async shared<T>(work: () => Promise<T>): Promise<T> {
    while (this.exclusivePending > 0) await this.opened;
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      if (this.running === 0) {
        const wake = this.drained;
        this.drained = undefined;
        wake?.();
      }
    }
  }

  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (this.exclusivePending === 0) this.opened = new Promise((resolve) => (this.open = resolve));
    this.exclusivePending += 1;
    const previous = this.tail;
    let finished!: () => void;
    this.tail = new Promise((resolve) => (finished = resolve));
    try {
      await previous;
      while (this.running > 0) await new Promise<void>((resolve) => (this.drained = resolve));
      return await work();
    } finally {
      finished();
      this.exclusivePending -= 1;
      if (this.exclusivePending === 0) this.open();
    }
  }
}
