import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { seedClaims } from './reports-fixture.js';
import { indexFrom } from '../../src/server/reports/indexes.js';
import { backfillChunk, storedRefresh } from '../../src/server/reports/stored-columns.js';
import { processStatus } from '../../src/server/engine/status.js';

type Row = Record<string, string | number | null>;
interface Rec {
  id: string;
  status: string;
  quarter: string | null;
  region: string | null;
  amount: number;
}

const MEASURES = ['count', 'sum', 'avg', 'min', 'max', 'distinct'].map((aggregate) =>
  aggregate === 'count' ? { aggregate } : { aggregate, column: 'amount' },
);

/** Each group's figures computed here from the records read back (the status by the engine's own rule). */
function expected(rs: Rec[], key: (r: Rec) => string) {
  const m = new Map<string, Rec[]>();
  for (const r of rs) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return new Map(
    [...m].map(([k, g]) => {
      const a = g.map((r) => r.amount);
      const sum = a.reduce((x, y) => x + y, 0);
      const fig = { count: g.length, sum, avg: sum / g.length, min: Math.min(...a), max: Math.max(...a) };
      return [k, { ...fig, distinct: new Set(a).size }];
    }),
  );
}

function expectRows(rows: Row[], want: ReturnType<typeof expected>, key: (r: Row) => string) {
  expect(rows.map(key).sort()).toEqual([...want.keys()].sort());
  for (const row of rows) {
    const w = want.get(key(row))!;
    expect(Number(row.count)).toBe(w.count);
    expect(Number(row.sum_amount)).toBeCloseTo(w.sum, 6);
    expect(Number(row.avg_amount)).toBeCloseTo(w.avg, 6);
    expect(Number(row.min_amount)).toBe(w.min);
    expect(Number(row.max_amount)).toBe(w.max);
    expect(Number(row.distinct_amount)).toBe(w.distinct);
  }
}

/**
 * Grouping by the derived process status (as columns, by-status.ts) and by a process date's quarter (by day,
 * by-day.ts; on SQLite from an index the day leads) gives the figures computed independently, for an administrator
 * and for a viewer who sees only some records, before and after the covering indexes or stored columns exist.
 */
describe.each(await testDialects())('reports by process status and quarter on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'sam', isFullUser: true },
    { username: 'max', isFullUser: true },
  ]);
  let moduleId = '';
  const run = async (who: string, spec: object) => {
    const r = await o.post(who, '/api/form/report/run', { spec: { moduleId, ...spec } });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { rows: Row[]; total: Row };
  };
  /** The records `who` may open (admin: all), read back from the database. */
  const records = async (who?: string): Promise<Rec[]> => {
    let q = o.tdb
      .selectFrom('records')
      .select(['id', 'data', 'workflow_status', 'workflow_completed_on', 'workflow_started_on'])
      .where('module_id', '=', moduleId)
      .where('is_draft', '=', 0);
    if (who) {
      const mine = await o.tdb.selectFrom('tasks').select('record_id').where('assignee_id', '=', o.id[who]!).execute();
      q = q.where(
        'id',
        'in',
        mine.map((t) => t.record_id),
      );
    }
    return (await q.execute()).map((r) => {
      const data = JSON.parse(r.data) as { region?: string; amount: number };
      const at = r.workflow_started_on;
      const quarter = at ? `${at.slice(0, 4)}-Q${Math.floor((Number(at.slice(5, 7)) - 1) / 3) + 1}` : null;
      return { id: r.id, status: processStatus(r).status, quarter, region: data.region ?? null, amount: data.amount };
    });
  };
  const check = async () => {
    for (const who of ['admin', 'max']) {
      const rs = await records(who === 'admin' ? undefined : who);
      expect(rs.length).toBeGreaterThan(2);
      const byStatus = await run(who, { groupBy: [{ column: 'process_status' }], measures: MEASURES });
      expectRows(
        byStatus.rows,
        expected(rs, (r) => r.status),
        (r) => String(r.process_status),
      );
      const both = await run(who, {
        groupBy: [{ column: 'region' }, { column: 'process_status' }],
        measures: MEASURES,
      });
      expectRows(
        both.rows,
        expected(rs, (r) => `${r.region}|${r.status}`),
        (r) => `${r.region}|${r.process_status}`,
      );
      expect(Number(both.total.count)).toBe(rs.length);
      const quarterly = MEASURES.filter((m) => m.aggregate !== 'distinct');
      const byQuarter = await run(who, {
        groupBy: [{ column: 'workflow_started_on', bucket: 'quarter' }],
        measures: quarterly,
      });
      const want = expected(rs, (r) => String(r.quarter));
      expect(byQuarter.rows.map((r) => String(r.workflow_started_on_quarter)).sort()).toEqual([...want.keys()].sort());
      for (const row of byQuarter.rows) {
        const w = want.get(String(row.workflow_started_on_quarter))!;
        expect(Number(row.count)).toBe(w.count);
        expect(Number(row.sum_amount)).toBeCloseTo(w.sum, 6);
        expect(Number(row.avg_amount)).toBeCloseTo(w.avg, 6);
        expect([Number(row.min_amount), Number(row.max_amount)]).toEqual([w.min, w.max]);
      }
    }
  };
  const built = async () => {
    if (dialect === 'sqlite')
      return (
        await sql<{
          n: number;
        }>`select count(*) as n from sqlite_master where type = 'index' and name like 'records_rp_%'`.execute(
          o.t.db.system,
        )
      ).rows[0]!.n;
    return (
      await sql<{ n: number }>`select count(*)::int as n from pg_attribute a where a.attrelid = to_regclass('records')
        and a.attname like 'rp\\_%' and col_description(a.attrelid, a.attnum) = 'ready'`.execute(o.t.db.system)
    ).rows[0]!.n;
  };

  beforeAll(async () => {
    ({ moduleId } = await seedClaims(o, 'sam', ['max', 'sam'], 16));
    const ids = (await records()).map((r) => r.id);
    // Every status and several quarters: faulted, completed, not started (no start date) and running ones.
    for (const [i, id] of ids.entries()) {
      const started = `2025-${String((i % 9) + 1).padStart(2, '0')}-1${i % 10}T08:00:00.000Z`;
      const set =
        i % 4 === 0
          ? { workflow_status: 'Faulted', workflow_started_on: started }
          : i % 4 === 1
            ? { workflow_status: 'Completed', workflow_completed_on: started, workflow_started_on: started }
            : i % 4 === 2 && i % 3 === 0
              ? { workflow_status: null, workflow_started_on: null }
              : { workflow_started_on: started };
      await o.tdb.updateTable('records').set(set).where('id', '=', id).execute();
    }
    indexFrom.records = 1;
    backfillChunk.size = 5;
    storedRefresh.ms = 0;
  });

  it('gives the independent figures from the table, then from the covering indexes or stored columns', async () => {
    await check();
    // The runs asked for the indexes (SQLite: one per field set, one led by the start date's day) or stored columns.
    const want = dialect === 'sqlite' ? 3 : 2;
    for (let i = 0; i < 150 && (await built()) < want; i++) await new Promise((r) => setTimeout(r, 200));
    expect(await built()).toBe(want);
    await new Promise((r) => setTimeout(r, 500));
    await check();
    if (dialect === 'sqlite') {
      // The indexes' statistics hold averages only: per-value samples would have every statement on records
      // prepared again at each execution by any connection that loaded them (db/value-samples.ts).
      const stats = async (table: string) =>
        (
          await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where idx like 'records_rp_%'`.execute(
            o.t.db.system,
          )
        ).rows[0]!.n;
      for (let i = 0; i < 50 && (await stats('sqlite_stat1')) < want; i++) await new Promise((r) => setTimeout(r, 100));
      expect(await stats('sqlite_stat1')).toBe(want);
      expect(await stats('sqlite_stat4')).toBe(0);
    }
  });
});
