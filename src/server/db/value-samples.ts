import type SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

// Given sqlite_stat4's per-value samples, SQLite plans a statement for the values bound to it and prepares it again
// each time one is bound anew, which is every execution (half of a list page's time in SQLite). The app's statements
// are written for their indexes, so it keeps only sqlite_stat1's averages: samples are dropped when the database is
// opened, after migrations, and in the same transaction as an ANALYZE made while the server runs.

/** Drops the samples an earlier ANALYZE left, before any statement is prepared. */
export function dropValueSamples(conn: SQLite.Database) {
  try {
    if (!conn.prepare(`select 1 from sqlite_schema where name = 'sqlite_stat4'`).get()) return;
    if (!conn.prepare('select 1 from sqlite_stat4 limit 1').get()) return;
    conn.exec('delete from sqlite_stat4; analyze sqlite_schema');
  } catch {
    // Busy (another process holds the write lock): plans stay right, only slower to prepare.
  }
}

/**
 * SQLite: statistics for one index or table while the server runs, averages only. The samples are deleted in the
 * same transaction, so no connection ever loads them: one that did (a reader thread started later, or any
 * connection reloading its schema after the next DDL) prepared every list page again on each execution, twice the
 * page's time until the server restarted.
 */
export const analyzeSql = (target: string) => `begin; analyze ${target}; delete from sqlite_stat4; commit`;

/** The same after migrations, which may ANALYZE a table that holds rows (on the connection they ran on). */
export async function dropMigrationSamples(db: Kysely<unknown>): Promise<void> {
  const stat4 = await sql`select 1 from sqlite_schema where name = 'sqlite_stat4'`.execute(db);
  if (stat4.rows.length === 0) return;
  await sql`delete from sqlite_stat4`.execute(db);
  await sql`analyze sqlite_schema`.execute(db);
}
