/**
 * Maps with at most `width` calls in flight: hundreds of files asked of one language server at
 * once only queue inside it, and hold every answer in memory at the same time.
 */
export async function boundedMap<T, R>(items: readonly T[], width: number, map: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
