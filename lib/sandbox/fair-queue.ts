// Jobs waiting for a sandbox child, queued per workspace so that one workspace's backlog (or
// its endless loops) never sits in front of another workspace's code. Pure: the pool
// (sandbox-pool.ts) says how many children each workspace holds and how many it may hold.

export class FairQueue<T> {
  // Map order is turn order: a workspace that was just served moves to the back.
  private readonly byKey = new Map<string, T[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  push(key: string, item: T) {
    const queue = this.byKey.get(key);
    if (queue) queue.push(item);
    else this.byKey.set(key, [item]);
    this.count++;
  }

  remove(key: string, item: T): boolean {
    const queue = this.byKey.get(key);
    const i = queue ? queue.indexOf(item) : -1;
    if (!queue || i < 0) return false;
    queue.splice(i, 1);
    if (queue.length === 0) this.byKey.delete(key);
    this.count--;
    return true;
  }

  /**
   * The next job to start: from the workspaces holding fewer than `limit` children, the one
   * holding fewest (a workspace with nothing running goes before one already served), the
   * first in turn among equals. Undefined when every waiting workspace is at its limit.
   */
  take(running: (key: string) => number, limit: number): T | undefined {
    let best: string | undefined;
    let fewest = limit;
    for (const key of this.byKey.keys()) {
      const n = running(key);
      if (n < fewest) [best, fewest] = [key, n];
    }
    if (best === undefined) return undefined;
    const queue = this.byKey.get(best)!;
    const item = queue.shift()!;
    this.byKey.delete(best);
    if (queue.length > 0) this.byKey.set(best, queue);
    this.count--;
    return item;
  }

  /** Every waiting job, in no particular order; the queue is left empty. */
  drain(): T[] {
    const all = [...this.byKey.values()].flat();
    this.byKey.clear();
    this.count = 0;
    return all;
  }
}
