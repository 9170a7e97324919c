import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { seedClaims, type Claim } from './reports-fixture.js';
import { pairIndexName } from '../../src/server/entries/indexes.js';

/**
 * A list filtered by equality on one indexed field and sorted by another gets an index on both (the list's index
 * advisor), built in the background; pages read through it are the same rows, in the same order, as before.
 */
describe.each(await testDialects())('record list pair indexes on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'sam', isFullUser: true },
    { username: 'max', isFullUser: true },
  ]);
  let moduleId = '';
  let claims: Claim[] = [];
  const name = pairIndexName('region', 'amount', dialect);
  const exists = async () =>
    (dialect === 'sqlite'
      ? await sql`select name from sqlite_master where type = 'index' and name = ${name}`.execute(o.t.db.system)
      : await sql`select indexname from pg_indexes where indexname = ${name}`.execute(o.t.db.system)
    ).rows.length === 1;

  /** Every page of north claims by amount, following nextCursor. */
  const pages = async (who: string) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 1; page < 20; page++) {
      const r = await o.post(who, '/api/EntryModule/datatables', {
        moduleId,
        page,
        length: 10,
        cursor,
        orders: [{ column: 'amount', dir: 'asc' }],
        filters: [{ field: 'region', operator: 'eq', value: 'north' }],
      });
      expect(r.statusCode, r.body).toBe(200);
      const d = r.json().data as { data: { id: string }[]; nextCursor: string | null };
      seen.push(...d.data.map((x) => x.id));
      cursor = d.nextCursor;
      if (!cursor) return seen;
    }
    throw new Error('the list did not end');
  };

  beforeAll(async () => {
    ({ moduleId, claims } = await seedClaims(o, 'sam', ['max', 'max'], 48));
    await o.tdb
      .updateTable('modules')
      .set({ default_config: JSON.stringify({ sortableFields: ['amount', 'region'] }) })
      .where('id', '=', moduleId)
      .execute();
  });

  it('builds the index on first use and pages the same rows through it, for each viewer', async () => {
    expect(await exists()).toBe(false);
    const admin = await pages('admin');
    const max = await pages('max');
    // Built after the two field indexes, one at a time (PostgreSQL builds concurrently, waiting for other
    // transactions): on a busy machine the three can take more than 10 s.
    for (let i = 0; i < 300 && !(await exists()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await exists()).toBe(true);
    const expected = claims
      .filter((c) => c.region === 'north')
      .sort((a, b) => a.amount - b.amount || (a.id < b.id ? -1 : 1))
      .map((c) => c.id);
    expect(expected.length).toBeGreaterThan(5);
    expect(admin).toEqual(expected);
    // A manager sees the records they have a task on, in the same order.
    expect(max.length).toBeGreaterThan(0);
    expect(max).toEqual(expected.filter((id) => max.includes(id)));
    expect(await pages('admin')).toEqual(expected);
    expect(await pages('max')).toEqual(max);
    expect(await pages('sam')).toEqual(expected);
  }, 90_000);
});
