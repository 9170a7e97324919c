import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from './database.js';
import { changeCount, noteRemoteChange, resultsReusable, setCoherent, withoutNotingChanges } from './change-count.js';
import { ResultCache } from './result-cache.js';
import { migratedDatabase, testDialects } from '../../../tests/support/databases.js';

describe.each(await testDialects())('change count on %s', (dialect) => {
  let db: Database;
  beforeAll(async () => {
    db = await migratedDatabase(dialect);
  });
  afterAll(() => db?.close());

  /** How far the count moved while fn ran. */
  const moved = async (fn: () => Promise<unknown>) => {
    const before = changeCount();
    await fn().catch(() => undefined);
    return changeCount() - before;
  };
  const tenants = () => db.system.selectFrom('tenants').select('id');

  it('stays put for reads and moves for every write, commit and rollback', async () => {
    expect(await moved(() => tenants().execute())).toBe(0);
    expect(await moved(() => sql`select 1 as one`.execute(db.system))).toBe(0);
    // A with clause may hold a write: counted, to be safe.
    const withClause = () =>
      db.system
        .with('t', (qb) => qb.selectFrom('tenants').select('id'))
        .selectFrom('t')
        .selectAll();
    expect(await moved(() => withClause().execute())).toBeGreaterThan(0);
    const row = { id: crypto.randomUUID(), secret: 'x', created_on: new Date().toISOString() };
    expect(await moved(() => db.system.insertInto('signing_keys').values(row).execute())).toBeGreaterThan(0);
    expect(
      await moved(() =>
        db.system.transaction().execute(async (trx) => {
          await trx.updateTable('signing_keys').set({ secret: 'y' }).where('id', '=', row.id).execute();
        }),
      ),
    ).toBeGreaterThan(0);
    // A transaction that only reads still ends with a commit: counted, since the driver cannot tell.
    const inRolledBack = await moved(() =>
      db.system.transaction().execute(async (trx) => {
        await trx.selectFrom('signing_keys').selectAll().execute();
        throw new Error('roll back');
      }),
    );
    expect(inRolledBack).toBeGreaterThan(0);
    expect(await moved(() => sql`delete from signing_keys where id = ${row.id}`.execute(db.system))).toBeGreaterThan(0);
  });

  it('leaves the count for writes inside withoutNotingChanges, also while runs overlap, and not beside them', async () => {
    const ids: string[] = [];
    const insert = async () => {
      const id = crypto.randomUUID();
      ids.push(id);
      await db.system
        .insertInto('signing_keys')
        .values({ id, secret: 'x', created_on: new Date().toISOString() })
        .execute();
    };
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const before = changeCount();
    const long = withoutNotingChanges(async () => {
      await insert();
      await gate;
      await insert();
    });
    // A shorter run starts and ends while the long one waits: the long one's later write stays unnoted.
    await withoutNotingChanges(insert);
    expect(changeCount()).toBe(before);
    expect(await moved(insert)).toBeGreaterThan(0);
    const beside = changeCount();
    release();
    await long;
    expect(changeCount()).toBe(beside);
    // After every run has ended, writes are noted again.
    expect(await moved(insert)).toBeGreaterThan(0);
    await db.system.deleteFrom('signing_keys').where('id', 'in', ids).execute();
  });

  // Only SQLite work uses savepoints (group commit).
  if (dialect === 'sqlite')
    it('moves when a savepoint is rolled back', async () => {
      const trx = await db.system.startTransaction().execute();
      const sp = await trx.savepoint('a').execute();
      const before = changeCount();
      await sp.rollbackToSavepoint('a').execute();
      expect(changeCount()).toBeGreaterThan(before);
      await trx.rollback().execute();
    });
});

describe('result cache', () => {
  it('answers only while nothing has changed since the answer was computed', () => {
    const cache = new ResultCache();
    const at = ResultCache.now();
    cache.set('k', at, 'one');
    expect(cache.get('k')).toBe('one');
    noteRemoteChange();
    expect(cache.get('k')).toBeUndefined();
    // Computed before a change, stored after it: never kept.
    const stale = ResultCache.now();
    noteRemoteChange();
    cache.set('k', stale, 'old');
    expect(cache.get('k')).toBeUndefined();
  });

  it('reuses nothing while changes of other nodes could go unheard', () => {
    const cache = new ResultCache();
    setCoherent(false);
    try {
      expect(resultsReusable()).toBe(false);
      cache.set('k', ResultCache.now(), 'x');
      expect(cache.get('k')).toBeUndefined();
    } finally {
      setCoherent(true);
    }
    cache.set('k', ResultCache.now(), 'x');
    expect(cache.get('k')).toBe('x');
  });

  it('admitting on repeat, keeps an answer only when it is asked for a second time', () => {
    const cache = new ResultCache({ maxEntries: 2, maxBytes: 100, maxEntryBytes: 50, maxAgeMs: 1_000 }, true);
    const at = ResultCache.now();
    cache.set('k', at, 'first');
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', at, 'second');
    expect(cache.get('k')).toBe('second');
    // Keys asked once are remembered within a bound (four times the entries): the oldest is forgotten first.
    for (const k of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) cache.set(k, at, k);
    cache.set('a', at, 'a');
    expect(cache.get('a')).toBeUndefined();
    cache.set('i', at, 'i');
    expect(cache.get('i')).toBe('i');
  });

  it('keeps within its bounds of entries, bytes and age', async () => {
    const cache = new ResultCache({ maxEntries: 2, maxBytes: 10, maxEntryBytes: 6, maxAgeMs: 40 });
    const at = ResultCache.now();
    cache.set('big', at, '1234567');
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', at, 'aaaa');
    cache.set('b', at, 'bbbb');
    cache.set('c', at, 'cccc');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'bbbb', 'cccc']);
    cache.set('d', at, 'dddddd');
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([undefined, 'cccc', 'dddddd']);
    await new Promise((r) => setTimeout(r, 60));
    expect(cache.get('d')).toBeUndefined();
  });
});
