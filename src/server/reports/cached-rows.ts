import type { CompiledQuery } from 'kysely';
import { ResultCache } from '../db/result-cache.js';

/** A query whose rows are read: a Kysely select builder (or anything compiled the same way). */
export interface RowQuery<R> {
  compile(): CompiledQuery;
  execute(): Promise<R[]>;
}
export type Reader = <R>(q: RowQuery<R>) => Promise<R[]>;

/** Rows straight from the database. */
export const direct: Reader = (q) => q.execute();

/**
 * A reader that keeps the rows of aggregate queries until the database changes (the change count, see
 * db/result-cache.ts): identical widget queries between writes are answered at once, a write invalidates them.
 * The key is the compiled SQL and its parameters, which hold the tenant, the viewer's visibility rule (their id and
 * rights), the columns they may read, every filter and the shared filters: two viewers share rows only when the
 * same query would give them the same rows. Access checks run before any read, on every request.
 */
export function cachedReader(cache: ResultCache): Reader {
  return async <R>(q: RowQuery<R>) => {
    const c = q.compile();
    const key = `${c.sql}\u0000${JSON.stringify(c.parameters)}`;
    const hit = cache.get(key);
    if (hit !== undefined) return JSON.parse(hit) as R[];
    const at = ResultCache.now();
    const rows = await q.execute();
    cache.set(key, at, JSON.stringify(rows));
    return rows;
  };
}
