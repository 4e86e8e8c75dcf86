import { describe, expect, it } from 'vitest';
import { WORK_SLICE_MS, WorkBudget, letOthersIn } from '../src/search/work-budget.js';

describe('WorkBudget', () => {
  it('workers sharing a budget pause together: about one slice of work per turn of the event loop, not one each', async () => {
    let now = 0;
    // Turns of the event loop, counted by a callback that queues itself once per turn.
    let turn = 0;
    let done = false;
    const tick = () => {
      turn++;
      if (!done) setImmediate(tick);
    };
    setImmediate(tick);
    const clock = { now: () => now, pause: () => new Promise<void>((resolve) => setImmediate(resolve)) };
    const budget = new WorkBudget(clock, 60_000);
    const workedPerTurn = new Map<number, number>();
    const STEP_MS = 12;
    const worker = async () => {
      for (let step = 0; step < 20; step++) {
        for (let pause = budget.pauseIfDue(); pause; pause = budget.pauseIfDue()) await pause;
        now += STEP_MS;
        workedPerTurn.set(turn, (workedPerTurn.get(turn) ?? 0) + STEP_MS);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    done = true;
    // A slice, and at most the one step that began before it ran out.
    expect(Math.max(...workedPerTurn.values())).toBeLessThanOrEqual(WORK_SLICE_MS + STEP_MS);
  });

  it('letOthersIn makes no promise while no pause is due, and one that waits out the pause when one is', async () => {
    let now = 0;
    let paused = 0;
    const budget = new WorkBudget({ now: () => now, pause: async () => void paused++ }, Infinity);
    expect(letOthersIn(budget)).toBeUndefined();
    now += WORK_SLICE_MS;
    const turn = letOthersIn(budget);
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    expect(paused).toBe(1);
    // A step is always let through after a pause.
    expect(letOthersIn(budget)).toBeUndefined();
  });

  it('pauses after its own slice when given one', async () => {
    let now = 0;
    const budget = new WorkBudget({ now: () => now, pause: () => Promise.resolve() }, Infinity, 4);
    expect(budget.pauseIfDue()).toBeUndefined();
    now = 3;
    expect(budget.pauseIfDue()).toBeUndefined();
    now = 4;
    expect(budget.pauseIfDue()).toBeInstanceOf(Promise);
  });

  it('always lets one step through after a pause, however late the clock reads (a loaded machine)', async () => {
    let now = 0;
    const budget = new WorkBudget({ now: () => (now += 1000), pause: () => Promise.resolve() }, 1e9);
    let steps = 0;
    for (let step = 0; step < 5; step++) {
      for (let pause = budget.pauseIfDue(); pause; pause = budget.pauseIfDue()) await pause;
      steps++;
    }
    expect(steps).toBe(5);
  });

  it('says when the whole budget is spent', () => {
    let now = 0;
    const budget = new WorkBudget({ now: () => now, pause: async () => undefined }, 100);
    now = 100;
    expect(budget.spent()).toBe(false);
    now = 101;
    expect(budget.spent()).toBe(true);
  });
});
