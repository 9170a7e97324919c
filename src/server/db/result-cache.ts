import { changeCount, resultsReusable } from './change-count.js';

/** An answer as kept: its JSON text, or the bytes sent (Buffer). */
type Kept = string | Buffer;

interface Entry<T extends Kept> {
  count: number;
  at: number;
  text: T;
}

/** Whether something computed while the count stood at `count`, at time `at`, may still be served. */
export const stillTrue = (e: { count: number; at: number }, maxAgeMs: number) =>
  e.count === changeCount() && resultsReusable() && Date.now() - e.at <= maxAgeMs;

/** Whether something computed under `count` may be kept at all (nothing has changed since). */
export const keepable = (count: number) => count === changeCount() && resultsReusable();

/** FNV-1a over the string's UTF-16 code units, cut to 30 bits so it stays a small integer on every V8 build. */
export function smallHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}

/**
 * Serialized answers kept for as long as the database has not changed since they were computed (the change
 * count), bounded in entries, bytes and age. The age bound is a backstop for changes made outside any node (a
 * command-line tool writing to the database directly).
 */
export class ResultCache<T extends Kept = string> {
  private readonly map = new Map<string, Entry<T>>();
  private bytes = 0;
  /**
   * Keys asked once (admitOnRepeat), by a 30-bit hash: their answers are kept only when asked again. A small
   * integer keeps nothing per key alive (the key itself would be, until pushed out: long enough to be promoted).
   * Two keys sharing a hash only let an answer be kept on its first asking.
   */
  private readonly askedOnce = new Set<number>();

  constructor(
    private readonly opts = {
      maxEntries: 2_000,
      maxBytes: 64 * 1024 * 1024,
      maxEntryBytes: 1024 * 1024,
      maxAgeMs: 30_000,
    },
    /**
     * Keep an answer only when it is asked for a second time: for reads most of whose answers are asked once (a
     * list scrolled, filtered and sorted by many users). A kept answer lives until pushed out, long enough to be
     * moved to the old generation, so answers nobody asks again would cost copying and a full collection later.
     */
    private readonly admitOnRepeat = false,
  ) {}

  /** The count to compute an answer under: read it before the first query of that answer. */
  static now = changeCount;

  get(key: string): T | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (!stillTrue(e, this.opts.maxAgeMs)) {
      this.drop(key, e);
      return undefined;
    }
    return e.text;
  }

  /**
   * Keeps text computed while the count stood at `count` (it is dropped at once if the count has moved since).
   * `text` may be a function that makes it, called only when it is kept.
   */
  set(key: string, count: number, made: T | (() => T)): void {
    if (!keepable(count) || (typeof made !== 'function' && made.length > this.opts.maxEntryBytes)) return;
    const asked = this.admitOnRepeat && !this.map.has(key) ? smallHash(key) : -1;
    if (asked >= 0 && !this.askedOnce.delete(asked)) {
      this.askedOnce.add(asked);
      // A Set iterates in insertion order: the oldest key goes first.
      if (this.askedOnce.size > this.opts.maxEntries * 4) this.askedOnce.delete(this.askedOnce.values().next().value!);
      return;
    }
    const text = typeof made === 'function' ? made() : made;
    if (text.length > this.opts.maxEntryBytes) return;
    const old = this.map.get(key);
    if (old) this.drop(key, old);
    this.map.set(key, { count, at: Date.now(), text });
    this.bytes += text.length;
    for (const [k, e] of this.map) {
      if (this.map.size <= this.opts.maxEntries && this.bytes <= this.opts.maxBytes) break;
      this.drop(k, e);
    }
  }

  private drop(key: string, e: Entry<T>) {
    this.map.delete(key);
    this.bytes -= e.text.length;
  }
}
