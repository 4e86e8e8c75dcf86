/**
 * Bounded concurrency, the one copy in cn: hundreds of files asked of one language server at once
 * only queue inside it, and hold every answer in memory at the same time.
 */

/**
 * Calls `map` on each item with at most `width` calls in flight, and hands each result to `consume`
 * in item order as soon as it and every result before it are in. Once `consume` returns false no
 * further call starts (calls already in flight finish; their results are dropped), so a walk that
 * hits its cap stops asking.
 */
export async function mapInOrder<T, R>(
  items: readonly T[],
  width: number,
  map: (item: T, index: number) => Promise<R>,
  consume: (result: R, item: T, index: number) => boolean | void,
): Promise<void> {
  const ready = new Map<number, R>();
  let next = 0;
  let consumed = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < items.length) {
      const index = next++;
      ready.set(index, await map(items[index], index));
      while (!stopped && ready.has(consumed)) {
        const result = ready.get(consumed)!;
        ready.delete(consumed);
        if (consume(result, items[consumed], consumed++) === false) stopped = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/** Maps with at most `width` calls in flight; the results in item order. */
export async function boundedMap<T, R>(
  items: readonly T[],
  width: number,
  map: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  await mapInOrder(items, width, map, (result, _item, index) => {
    results[index] = result;
  });
  return results;
}
