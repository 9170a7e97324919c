import type { CompiledQuery } from 'kysely';
import { ResultCache } from '../db/result-cache.js';
import type { Database } from '../db/database.js';

/** A query whose rows are read: a Kysely select builder (or anything compiled the same way). */
export interface RowQuery<R> {
  compile(): CompiledQuery;
  execute(): Promise<R[]>;
}
export type Reader = <R>(q: RowQuery<R>) => Promise<R[]>;

/** Rows straight from the database. */
export const direct: Reader = (q) => q.execute();

/**
 * Rows read on a reader thread where the database has them (SQLite: widgets of one dashboard run side by side on
 * the machine's cores instead of one after another on the server's connection), else straight. Only for selects
 * outside a transaction: a reader thread sees what is committed.
 */
export function threadReader(db: Pick<Database, 'readers'>): Reader {
  const readers = db.readers;
  if (!readers) return direct;
  return <R>(q: RowQuery<R>) => {
    const c = q.compile();
    return readers.all<R>(c.sql, c.parameters);
  };
}

/**
 * A reader that keeps the rows of aggregate queries until the database changes (the change count, see
 * db/result-cache.ts): identical widget queries between writes are answered at once, a write invalidates them.
 * The key is the compiled SQL and its parameters, which hold the tenant, the viewer's visibility rule (their id and
 * rights), the columns they may read, every filter and the shared filters: two viewers share rows only when the
 * same query would give them the same rows. Access checks run before any read, on every request.
 */
export function cachedReader(cache: ResultCache, fresh: Reader = direct): Reader {
  return async <R>(q: RowQuery<R>) => {
    const c = q.compile();
    const key = `${c.sql}\u0000${JSON.stringify(c.parameters)}`;
    const hit = cache.get(key);
    if (hit !== undefined) return JSON.parse(hit) as R[];
    const at = ResultCache.now();
    const rows = await fresh(q);
    cache.set(key, at, JSON.stringify(rows));
    return rows;
  };
}
