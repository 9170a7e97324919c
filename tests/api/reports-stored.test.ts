import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { seedClaims, type Claim } from './reports-fixture.js';
import { indexFrom } from '../../src/server/reports/indexes.js';
import { backfillChunk, storedRefresh } from '../../src/server/reports/stored-columns.js';

type Row = Record<string, string | number | null>;

/**
 * PostgreSQL: a field a big app is grouped and summed by gets a stored copy (kept by a trigger) and a covering
 * index; the report then reads the copy, with the same figures, and records written later are counted too.
 */
describe.each((await testDialects()).filter((d) => d === 'postgres'))('stored report columns on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'sam', isFullUser: true },
    { username: 'max', isFullUser: true },
  ]);
  let moduleId = '';
  let claims: Claim[] = [];
  const spec = () => ({
    moduleId,
    groupBy: [{ column: 'region' }],
    measures: [{ aggregate: 'sum', column: 'amount' }, { aggregate: 'count' }],
  });
  const run = async () => {
    const r = await o.post('admin', '/api/form/report/run', { spec: spec() });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { rows: Row[]; total: Row };
  };
  const ready = async () => {
    const r = await sql<{ name: string }>`select a.attname as name from pg_attribute a
      where a.attrelid = to_regclass('records') and a.attname in ('rp_t_region', 'rp_n_amount')
        and col_description(a.attrelid, a.attnum) = 'ready'`.execute(o.t.db.system);
    const idx = await sql<{ ok: boolean }>`select i.indisvalid as ok from pg_index i join pg_class c
      on c.oid = i.indexrelid where c.relname like 'records_rs_%'`.execute(o.t.db.system);
    return r.rows.length === 2 && idx.rows.some((x) => x.ok);
  };
  const expectFigures = (d: { rows: Row[]; total: Row }, cs: Claim[]) => {
    for (const row of d.rows) {
      const mine = cs.filter((c) => c.region === row.region);
      expect(Number(row.count)).toBe(mine.length);
      expect(Number(row.sum_amount)).toBeCloseTo(
        mine.reduce((a, c) => a + c.amount, 0),
        6,
      );
    }
    expect(Number(d.total.count)).toBe(cs.length);
  };

  beforeAll(async () => {
    ({ moduleId, claims } = await seedClaims(o, 'sam', ['max', 'max'], 12));
    indexFrom.records = 1;
    backfillChunk.size = 5;
    storedRefresh.ms = 0;
  });

  it('builds the stored columns in chunks, then answers the same figures from them', async () => {
    expectFigures(await run(), claims);
    for (let i = 0; i < 100 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 200));
    expect(await ready()).toBe(true);
    expectFigures(await run(), claims);
  });

  it('keeps the stored copies current when records are written later', async () => {
    const r = await o.post('sam', '/api/EntryModule/submit', {
      moduleId,
      data: { title: 'Late', amount: 1000, manager: o.id.max, due: '2025-05-05', secret: 'x', region: 'north' },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const late: Claim = {
      id: r.json().data.recordId,
      title: 'Late',
      amount: 1000,
      region: 'north',
      due: '2025-05-05',
      manager: o.id.max!,
    };
    // The trigger wrote the stored copy with the record.
    const stored = await o.tdb
      .selectFrom('records')
      .select(sql<string>`rp_n_amount::text`.as('v'))
      .where('id', '=', late.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.v)).toBe(1000);
    expectFigures(await run(), [...claims, late]);
  });
});

/**
 * SQLite: a big app grouped by fields gets a covering index, built by a thread of its own while requests go on;
 * the report then reads the records from it (indexed by), with the same figures.
 */
describe.each((await testDialects()).filter((d) => d === 'sqlite'))('covering report indexes on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'sam', isFullUser: true },
    { username: 'max', isFullUser: true },
  ]);
  let moduleId = '';
  let claims: Claim[] = [];
  const spec = () => ({
    moduleId,
    groupBy: [{ column: 'region' }, { column: 'process_status' }],
    measures: [{ aggregate: 'sum', column: 'amount' }, { aggregate: 'count' }],
  });
  const run = async (who = 'admin') => {
    const r = await o.post(who, '/api/form/report/run', { spec: spec() });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { rows: Row[]; total: Row };
  };
  const indexes = async () =>
    (
      await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and name like 'records_rp_%'`.execute(o.t.db.system)
    ).rows.length;

  beforeAll(async () => {
    ({ moduleId, claims } = await seedClaims(o, 'sam', ['max', 'max'], 12));
    indexFrom.records = 1;
  });

  it('builds the index in the background, then answers the same figures from it, as each viewer', async () => {
    const before = await run();
    const maxBefore = await run('max');
    for (let i = 0; i < 100 && !(await indexes()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(await indexes()).toBe(1);
    // Reads go on while the thread builds; a written record is counted once the build lets writes through.
    const after = await run();
    expect(after).toEqual(before);
    expect(await run('max')).toEqual(maxBefore);
    expect(Number(after.total.count)).toBe(claims.length);
    const r = await o.post('sam', '/api/EntryModule/submit', {
      moduleId,
      data: { title: 'Late', amount: 1000, manager: o.id.max, due: '2025-05-05', secret: 'x', region: 'north' },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const later = await run();
    expect(Number(later.total.count)).toBe(claims.length + 1);
    expect(Number(later.total.sum_amount)).toBeCloseTo(Number(after.total.sum_amount) + 1000, 6);
  });

  it('groups a field with a date bucket and the process status from the index rows first, with the same figures', async () => {
    const other = {
      moduleId,
      groupBy: [{ column: 'region' }, { column: 'due', bucket: 'month' }, { column: 'process_status' }],
      measures: ['count', 'sum', 'avg', 'min', 'max', 'distinct'].map((aggregate) =>
        aggregate === 'count' ? { aggregate } : { aggregate, column: 'amount' },
      ),
    };
    const runOther = async (who = 'admin') => {
      const r = await o.post(who, '/api/form/report/run', { spec: other });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().data as { rows: Row[]; subtotals: unknown[]; total: Row };
    };
    const before = await runOther();
    const maxBefore = await runOther('max');
    for (let i = 0; i < 100 && (await indexes()) < 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await indexes()).toBe(2);
    expect(await runOther()).toEqual(before);
    expect(await runOther('max')).toEqual(maxBefore);
    expect(before.rows.length).toBeGreaterThan(1);
  });
});
