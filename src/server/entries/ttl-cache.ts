/** A small in-process cache with a time to live and a size bound (oldest entries go first). */
export class TtlCache<V> {
  private readonly map = new Map<string, { v: V; at: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
  ) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (Date.now() - e.at > this.ttlMs) {
      this.map.delete(key);
      return undefined;
    }
    return e.v;
  }

  set(key: string, v: V): void {
    this.map.delete(key);
    this.map.set(key, { v, at: Date.now() });
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }

  deletePrefix(prefix: string): void {
    for (const k of this.map.keys()) if (k.startsWith(prefix)) this.map.delete(k);
  }
}
