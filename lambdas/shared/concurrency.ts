/**
 * Runs `work` on each item, at most `inFlight` at a time, and answers the results in the items'
 * order. A pool, not chunks: a slow item holds one place while the others move on. Used wherever
 * a request or a job reads or writes many items one call each (newest readings, sessions ended,
 * timers, batch writes), so neither one at a time nor thousands at once.
 */
export async function eachLimited<T, R>(items: readonly T[], inFlight: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) results[index] = await work(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, inFlight), items.length) }, worker));
  return results;
}
