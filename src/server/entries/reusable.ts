import { keepable, stillTrue } from '../db/result-cache.js';

/**
 * Values read from the database, kept while it has not changed since (db/change-count.ts): the same rule as the
 * answers of db/result-cache.ts, for values a request still works on. Bounded in entries and age (the age is a
 * backstop for changes made outside any node).
 */
export class Reusable<V> {
  private readonly map = new Map<string, { v: V; count: number; at: number }>();
  constructor(
    private readonly max = 2_000,
    private readonly maxAgeMs = 30_000,
  ) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (!stillTrue(e, this.maxAgeMs)) {
      this.map.delete(key);
      return undefined;
    }
    return e.v;
  }

  /** Keeps `v` read while the count stood at `count` (read before the query); nothing if it has moved since. */
  set(key: string, count: number, v: V): void {
    if (!keepable(count)) return;
    this.map.delete(key);
    this.map.set(key, { v, count, at: Date.now() });
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}
