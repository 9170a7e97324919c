import { changeCount, resultsReusable } from '../db/change-count.js';
import { TtlCache } from './ttl-cache.js';

/**
 * Counts kept per key. A count is exact while the database has not changed since it was taken (the change count,
 * as for answers reused elsewhere); after a change it is taken again once it is `freshMs` old. One count per key
 * runs at a time, and while it runs other callers get the figure before it instead of waiting: a recount of a
 * large app under load stalled every page asked for meanwhile. Only a key without figures waits for its count.
 */
export class CountCache<V> {
  private readonly kept: TtlCache<{ v: V; change: number; at: number }>;
  private readonly running = new Map<string, Promise<V>>();

  constructor(
    private readonly freshMs: number,
    /** Even an unchanged database's figure is taken again at this age (a backstop for writes from outside). */
    private readonly maxAgeMs: number,
    maxEntries: number,
  ) {
    // Figures are never dropped for age, only found stale: an old one still answers while its recount runs.
    this.kept = new TtlCache(Number.POSITIVE_INFINITY, maxEntries);
  }

  get(key: string, count: () => Promise<V>): Promise<V> {
    const hit = this.kept.get(key);
    const running = this.running.get(key);
    if (hit && (running || this.current(hit))) return Promise.resolve(hit.v);
    if (running) return running;
    // The change count before counting: a change made while counting leaves the figure due for a recount.
    const taken = { change: changeCount(), at: Date.now() };
    const p = count().then((v) => {
      if (this.running.get(key) === p) this.kept.set(key, { v, ...taken });
      return v;
    });
    const done = () => {
      if (this.running.get(key) === p) this.running.delete(key);
    };
    p.then(done, done);
    this.running.set(key, p);
    return p;
  }

  /** Drops the figures of keys starting with `prefix` (and forgets their running counts). */
  forget(prefix: string): void {
    this.kept.deletePrefix(prefix);
    for (const k of this.running.keys()) if (k.startsWith(prefix)) this.running.delete(k);
  }

  private current(e: { change: number; at: number }) {
    const age = Date.now() - e.at;
    return age < this.freshMs || (age < this.maxAgeMs && resultsReusable() && e.change === changeCount());
  }
}
