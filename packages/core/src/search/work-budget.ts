/** The daemon's clock and its event loop, as a long answer needs them. */
export interface WorkClock {
  /** Milliseconds from any fixed point. */
  now(): number;
  /** Resolves on a later turn of the event loop: other questions (and their I/O) run in between. */
  pause(): Promise<void>;
}

/**
 * How long one answer runs in a single stretch before it lets other questions in. The daemon answers every
 * question on one thread: a grep or a pattern listing that kept it for seconds made a concurrent `cn find` wait
 * as long (119 s, issue 22).
 */
export const WORK_SLICE_MS = 20;

/**
 * The time an answer may take in all, checked as it goes, and the pauses it makes for other questions. One budget
 * may be shared by several workers of one answer (grep reads 16 files at a time): they share the slice too, and
 * pause together, so the answer takes one slice per turn of the event loop, not one per worker.
 */
export class WorkBudget {
  private readonly started: number;
  private sliceStarted: number;
  private pausing: Promise<void> | undefined;
  /** Whether a step was allowed since the last pause: the first always is, however late the clock reads. */
  private stepped = false;

  constructor(
    private readonly clock: WorkClock,
    readonly limitMs: number,
    /** How long a stretch runs before it pauses (a shorter one for work that has engine answers to let in). */
    private readonly sliceMs: number = WORK_SLICE_MS,
  ) {
    this.started = clock.now();
    this.sliceStarted = this.started;
  }

  /** Whether the whole budget is spent. */
  spent(): boolean {
    return this.clock.now() - this.started > this.limitMs;
  }

  /**
   * Undefined while this answer may go on (one clock read); once it has run a slice, a promise that resolves on a
   * later turn of the event loop, after which the caller asks again: a worker woken with others may find the slice
   * spent already by the first one up. Callers loop, and do their work with no `await` between the last ask and it:
   * `for (let pause = budget.pauseIfDue(); pause; pause = budget.pauseIfDue()) await pause;` (an await that
   * yields nothing still lets the other workers run first, on a time read before theirs).
   */
  pauseIfDue(): Promise<void> | undefined {
    if (this.pausing !== undefined) return this.pausing;
    if (!this.stepped || this.clock.now() - this.sliceStarted < this.sliceMs) {
      this.stepped = true;
      return undefined;
    }
    this.pausing = this.clock.pause().then(() => {
      this.sliceStarted = this.clock.now();
      this.stepped = false;
      this.pausing = undefined;
    });
    return this.pausing;
  }
}

/** A caller without the daemon's clock (a test) never pauses. */
const WITHOUT_PAUSES: WorkClock = { now: () => 0, pause: () => Promise.resolve() };

/** The pauses of one answer, with the daemon's clock when the caller has it, and no time limit. */
export function pausesOf(deps: Partial<WorkClock>, sliceMs = WORK_SLICE_MS): WorkBudget {
  const clock = deps.now && deps.pause ? { now: deps.now, pause: deps.pause } : WITHOUT_PAUSES;
  return new WorkBudget(clock, Infinity, sliceMs);
}

/**
 * Waits while the budget says other questions are due a turn (the loop WorkBudget.pauseIfDue asks for); undefined, no
 * promise made, when none is: a find checks once for each of its thousand files and references, and an async call
 * each was a promise each. `await letOthersIn(budget)` works either way; a hot loop skips the await when undefined.
 */
export function letOthersIn(budget: WorkBudget): Promise<void> | undefined {
  const pause = budget.pauseIfDue();
  return pause === undefined ? undefined : waitOut(budget, pause);
}

async function waitOut(budget: WorkBudget, first: Promise<void>): Promise<void> {
  for (let pause: Promise<void> | undefined = first; pause; pause = budget.pauseIfDue()) await pause;
}
