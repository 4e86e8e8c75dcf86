import { describe, expect, it } from 'vitest';
import { FreshEnoughRefresh } from '../src/fresh-enough-refresh.js';

/** A refresh that counts its runs, a clock the test moves, and the questions in flight the test sets. */
function setup(results: Array<'current' | 'reload'> = []) {
  let now = 0;
  let since: number | undefined;
  let runs = 0;
  const refresh = new FreshEnoughRefresh<'current' | 'reload'>(
    async () => {
      runs++;
      return results.shift() ?? 'current';
    },
    (result) => result === 'current',
    () => since,
    () => now,
  );
  return {
    refresh,
    runs: () => runs,
    at: (ms: number) => (now = ms),
    questionsSince: (ms: number | undefined) => (since = ms),
  };
}

describe('FreshEnoughRefresh: one scan of the file set serves every question that arrived before it started', () => {
  it('with no question in flight, every caller gets a refresh of its own', async () => {
    const { refresh, runs } = setup();
    await refresh.get();
    await refresh.get();
    expect(runs()).toBe(2);
  });

  it('a refresh started after the latest question in flight arrived serves the rest of it', async () => {
    const { refresh, runs, at, questionsSince } = setup();
    questionsSince(10);
    at(12);
    await refresh.get();
    at(40);
    expect(await refresh.get()).toBe('current');
    expect(runs()).toBe(1);
    // A newer question (a file may have been written just before it): scanned again.
    questionsSince(41);
    at(42);
    await refresh.get();
    expect(runs()).toBe(2);
  });

  it('a refresh started before the question arrived does not serve it', async () => {
    const { refresh, runs, at, questionsSince } = setup();
    at(5);
    await refresh.get();
    questionsSince(10);
    at(11);
    await refresh.get();
    expect(runs()).toBe(2);
  });

  it('callers while one is in flight share it', async () => {
    const { refresh, runs } = setup();
    await Promise.all([refresh.get(), refresh.get(), refresh.get()]);
    expect(runs()).toBe(1);
  });

  it('a refresh that did not leave things current (a reload) serves nobody after it', async () => {
    const { refresh, runs, at, questionsSince } = setup(['reload', 'current']);
    questionsSince(0);
    at(1);
    expect(await refresh.get()).toBe('reload');
    expect(await refresh.get()).toBe('current');
    expect(runs()).toBe(2);
  });

  it('a refresh that failed serves nobody after it, nor does the one before it', async () => {
    let fail = false;
    let runs = 0;
    let since = 0;
    let now = 1;
    const refresh = new FreshEnoughRefresh<string>(
      async () => {
        runs++;
        if (fail) throw new Error('scan failed');
        return 'current';
      },
      () => true,
      () => since,
      () => now,
    );
    await refresh.get();
    fail = true;
    [since, now] = [5, 6];
    await expect(refresh.get()).rejects.toThrow('scan failed');
    fail = false;
    [since, now] = [0, 7];
    await refresh.get();
    expect(runs).toBe(3);
  });
});
