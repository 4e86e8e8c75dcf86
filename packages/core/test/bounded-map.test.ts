import { describe, expect, it } from 'vitest';
import { boundedMap, mapInOrder } from '../src/bounded-map.js';

/** A call per item that finishes only when the test says so, counting how many run at once. */
function controlledCalls() {
  const finishers = new Map<number, () => void>();
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const map = (item: number) =>
    new Promise<string>((resolve) => {
      started.push(item);
      running += 1;
      most = Math.max(most, running);
      finishers.set(item, () => {
        running -= 1;
        resolve(`r${item}`);
      });
    });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { map, finishers, started, settle, most: () => most };
}

describe('mapInOrder', () => {
  it('keeps at most `width` calls in flight and consumes in item order whatever order answers arrive in', async () => {
    const calls = controlledCalls();
    const consumed: string[] = [];
    const done = mapInOrder([0, 1, 2, 3, 4], 2, calls.map, (result) => void consumed.push(result));
    await calls.settle();
    expect(calls.started).toEqual([0, 1]);
    calls.finishers.get(1)!();
    await calls.settle();
    expect(consumed).toEqual([]); // 1 waits for 0
    expect(calls.started).toEqual([0, 1, 2]);
    calls.finishers.get(0)!();
    await calls.settle();
    expect(consumed).toEqual(['r0', 'r1']);
    for (const item of [3, 2, 4]) {
      await calls.settle();
      calls.finishers.get(item)!();
    }
    await done;
    expect(consumed).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(calls.most()).toBe(2);
  });

  it('starts no further call once consume returns false', async () => {
    const started: number[] = [];
    const consumed: number[] = [];
    await mapInOrder(
      Array.from({ length: 20 }, (_, index) => index),
      3,
      async (item) => {
        started.push(item);
        return item;
      },
      (result) => {
        consumed.push(result);
        return result < 4;
      },
    );
    expect(consumed).toEqual([0, 1, 2, 3, 4]);
    expect(started.length).toBeLessThanOrEqual(5 + 3);
  });
});

describe('boundedMap', () => {
  it('returns every result in item order, including for fewer items than the width', async () => {
    expect(await boundedMap([3, 1, 2], 8, async (item, index) => item * 10 + index)).toEqual([30, 11, 22]);
    expect(await boundedMap([], 4, async () => 1)).toEqual([]);
  });
});
