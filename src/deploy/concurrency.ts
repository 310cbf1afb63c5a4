/**
 * Runs `task` on every item with at most `limit` running at once; rejects with the first failure, once all settled.
 * `stop`, asked before each item is taken, ends the run early (the tasks under way finish): a Ctrl-C, a lost lock.
 */
export async function forEachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>, stop: () => boolean = () => false): Promise<void> {
  let next = 0;
  const failures: unknown[] = [];
  const worker = async () => {
    // After a failure the workers stop taking new items: a deploy that is failing should stop soon.
    while (next < items.length && failures.length === 0 && !stop()) {
      const item = items[next++] as T;
      await task(item).catch((error: unknown) => void failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
}
