import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { seedClaims, type Claim } from './reports-fixture.js';
import { exportBatch } from '../../src/server/reports/export.js';
import { settleInbox } from '../../src/server/audit/chain.js';

type Row = Record<string, string | number | null>;

/** The figures of one group, computed here from the inserted claims. */
function figures(cs: Claim[]) {
  const amounts = cs.map((c) => c.amount);
  return {
    count: cs.length,
    sum_amount: amounts.reduce((a, b) => a + b, 0),
    avg_amount: amounts.reduce((a, b) => a + b, 0) / cs.length,
    min_amount: Math.min(...amounts),
    max_amount: Math.max(...amounts),
    distinct_title: new Set(cs.map((c) => c.title)).size,
  };
}

function groupBy<T>(xs: T[], key: (x: T) => string | null) {
  const m = new Map<string | null, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
}

const BUCKETS = {
  day: (d: string) => d,
  week: (d: string) => {
    const t = new Date(`${d}T00:00:00Z`);
    t.setUTCDate(t.getUTCDate() - ((t.getUTCDay() + 6) % 7));
    return t.toISOString().slice(0, 10);
  },
  month: (d: string) => d.slice(0, 7),
  quarter: (d: string) => `${d.slice(0, 4)}-Q${Math.floor((Number(d.slice(5, 7)) - 1) / 3) + 1}`,
  year: (d: string) => d.slice(0, 4),
};

const MEASURES = [
  { aggregate: 'count' },
  { aggregate: 'sum', column: 'amount' },
  { aggregate: 'avg', column: 'amount' },
  { aggregate: 'min', column: 'amount' },
  { aggregate: 'max', column: 'amount' },
  { aggregate: 'distinct', column: 'title' },
];

function expectFigures(row: Row, want: ReturnType<typeof figures>) {
  expect(Number(row.count)).toBe(want.count);
  expect(Number(row.sum_amount)).toBeCloseTo(want.sum_amount, 6);
  expect(Number(row.avg_amount)).toBeCloseTo(want.avg_amount, 6);
  expect(Number(row.min_amount)).toBe(want.min_amount);
  expect(Number(row.max_amount)).toBe(want.max_amount);
  expect(Number(row.distinct_title)).toBe(want.distinct_title);
}

describe.each(await testDialects())('reports on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'sam', isFullUser: true },
    { username: 'max', isFullUser: true },
    { username: 'mia', isFullUser: true },
  ]);
  let moduleId = '';
  let claims: Claim[] = [];
  const run = async (who: string, body: object) => {
    const r = await o.post(who, '/api/form/report/run', body);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as {
      rows: Row[];
      subtotals: { level: number; values: Row }[];
      total: Row;
      columns: { key: string; role: string; pivotValue?: unknown }[];
      truncated: boolean;
    };
  };
  const spec = (extra: object) => ({ moduleId, ...extra });

  beforeAll(async () => {
    ({ moduleId, claims } = await seedClaims(o, 'sam', ['max', 'mia'], 30));
  });

  it('lists the columns the viewer may use, without a field a step hides', async () => {
    const r = await o.get('sam', `/api/form/report/columns/${moduleId}`);
    expect(r.statusCode, r.body).toBe(200);
    const cols = r.json().data.columns as { key: string; kind: string; values?: string[] }[];
    const keys = cols.map((c) => c.key);
    expect(keys).toEqual(
      expect.arrayContaining(['title', 'amount', 'region', 'due', 'process_status', 'workflow_started_on']),
    );
    expect(keys).not.toContain('secret');
    expect(cols.find((c) => c.key === 'amount')!.kind).toBe('number');
    expect(cols.find((c) => c.key === 'due')!.kind).toBe('date');
    expect(cols.find((c) => c.key === 'region')!.values).toEqual(['north', 'south', 'east', 'west']);
  });

  it('computes every aggregate per group in the database, with the grand total', async () => {
    const d = await run('admin', { spec: spec({ groupBy: [{ column: 'region' }], measures: MEASURES }) });
    const want = groupBy(claims, (c) => c.region);
    expect(d.rows.length).toBe(want.size);
    for (const row of d.rows) expectFigures(row, figures(want.get(row.region as string | null)!));
    expectFigures(d.total, figures(claims));
    expect(d.rows[0]!.region).toBeNull(); // nulls first on both databases
    expect(d.truncated).toBe(false);
  });

  it('buckets dates by day, week, month, quarter and year', async () => {
    for (const [bucket, of] of Object.entries(BUCKETS)) {
      const d = await run('admin', {
        spec: spec({ groupBy: [{ column: 'due', bucket }], measures: [{ aggregate: 'count' }] }),
      });
      const want = groupBy(claims, (c) => of(c.due));
      const got = Object.fromEntries(d.rows.map((r) => [r[`due_${bucket}`], r.count]));
      expect(got, bucket).toEqual(Object.fromEntries([...want].map(([k, v]) => [k, v.length])));
    }
  });

  it('answers subtotals per level, sorts by a measure, and pivots', async () => {
    const d = await run('admin', {
      spec: spec({
        groupBy: [{ column: 'region' }, { column: 'due', bucket: 'quarter' }],
        measures: [{ aggregate: 'avg', column: 'amount' }, { aggregate: 'count' }],
        sort: [{ key: 'avg_amount', dir: 'desc' }],
      }),
    });
    const byRegion = groupBy(claims, (c) => c.region);
    expect(d.subtotals.length).toBe(byRegion.size);
    for (const s of d.subtotals) {
      expect(s.level).toBe(1);
      expect(Number(s.values.avg_amount)).toBeCloseTo(
        figures(byRegion.get(s.values.region as string | null)!).avg_amount,
        6,
      );
    }
    const avgs = d.rows.map((r) => Number(r.avg_amount));
    expect(avgs).toEqual([...avgs].sort((a, b) => b - a));
    expect(d.rows.length).toBe(groupBy(claims, (c) => `${c.region}|${BUCKETS.quarter(c.due)}`).size);

    const p = await run('admin', {
      spec: spec({
        groupBy: [{ column: 'region' }],
        pivot: { column: 'due', bucket: 'quarter' },
        measures: [{ aggregate: 'sum', column: 'amount' }],
      }),
    });
    const pivots = p.columns.filter((c) => c.role === 'pivot');
    expect(pivots.map((c) => c.pivotValue)).toEqual(['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4']);
    for (const row of p.rows)
      for (const c of pivots) {
        const cs = claims.filter((x) => x.region === row.region && BUCKETS.quarter(x.due) === c.pivotValue);
        if (cs.length) expect(Number(row[c.key])).toBeCloseTo(figures(cs).sum_amount, 6);
        else expect(row[c.key] ?? null).toBeNull();
      }
    expect(Number(p.total.sum_amount)).toBeCloseTo(figures(claims).sum_amount, 6);
  });

  it('combines counts, sums, minimums and maximums of the group rows into exact subtotals and total', async () => {
    const d = await run('admin', {
      spec: spec({
        groupBy: [{ column: 'region' }, { column: 'due', bucket: 'month' }],
        measures: MEASURES.filter((m) => ['count', 'sum', 'min', 'max'].includes(m.aggregate)),
      }),
    });
    const byRegion = groupBy(claims, (c) => c.region);
    expect(d.subtotals.map((x) => x.values.region)).toEqual(
      d.rows.map((r) => r.region).filter((v, i, a) => a.indexOf(v) === i),
    );
    for (const sub of d.subtotals) {
      const want = figures(byRegion.get(sub.values.region as string | null)!);
      expect(sub.values.count).toBe(want.count);
      expect(Number(sub.values.sum_amount)).toBeCloseTo(want.sum_amount, 6);
      expect(sub.values.min_amount).toBe(want.min_amount);
      expect(sub.values.max_amount).toBe(want.max_amount);
    }
    expect(d.total.count).toBe(claims.length);
    expect(Number(d.total.sum_amount)).toBeCloseTo(figures(claims).sum_amount, 6);
  });

  it('drills to the records behind a total: the same number, paged by keyset', async () => {
    const body = {
      spec: spec({ groupBy: [{ column: 'region' }], filters: [{ field: 'amount', operator: 'gt', value: 100 }] }),
    };
    const d = await run('max', body);
    const north = d.rows.find((r) => r.region === 'north')!;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r = await o.post('max', '/api/form/report/drill', {
        ...body,
        group: { region: 'north' },
        length: 2,
        cursor,
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.total).toBe(north.count);
      seen.push(...r.json().data.rows.map((x: { id: string }) => x.id));
      expect(r.json().data.rows.every((x: { data: object }) => !('secret' in x.data))).toBe(true);
      cursor = r.json().data.nextCursor;
    } while (cursor);
    const want = claims.filter((c) => c.region === 'north' && c.amount > 100 && c.manager === o.id.max);
    expect(seen.sort()).toEqual(want.map((c) => c.id).sort());
  });

  it('counts only the records the viewer may open', async () => {
    const all = await run('admin', {
      spec: spec({ measures: [{ aggregate: 'count' }, { aggregate: 'sum', column: 'amount' }] }),
    });
    const mine = await run('max', {
      spec: spec({ measures: [{ aggregate: 'count' }, { aggregate: 'sum', column: 'amount' }] }),
    });
    const maxs = claims.filter((c) => c.manager === o.id.max);
    expect(all.total.count).toBe(claims.length);
    expect(mine.total.count).toBe(maxs.length);
    expect(Number(mine.total.sum_amount)).toBeCloseTo(figures(maxs).sum_amount, 6);
    expect(Number(mine.total.count)).toBeLessThan(Number(all.total.count));
  });

  it('exports CSV and XLSX: flat, grouped with subtotals and total, pivoted; formulas defused', async () => {
    const flat = await o.post('admin', '/api/form/report/export', {
      spec: spec({ columns: ['title', 'amount'] }),
      format: 'csv',
    });
    expect(flat.statusCode, flat.body).toBe(200);
    expect(flat.headers['content-disposition']).toMatch(/attachment/);
    const lines = parse(flat.body.replace(/^\ufeff/, '')) as string[][];
    expect(lines[0]).toEqual(['Title', 'Amount']);
    expect(lines.length).toBe(claims.length + 1);
    expect(lines.filter((l) => l[0] === `'=HYPERLINK("x")`).length).toBe(
      claims.filter((c) => c.title.startsWith('=')).length,
    );
    expect(lines.some((l) => l[0]!.startsWith('='))).toBe(false);

    const grouped = {
      spec: spec({
        groupBy: [{ column: 'region' }, { column: 'due', bucket: 'year' }],
        measures: [{ aggregate: 'count' }],
      }),
    };
    const x = await o.post('admin', '/api/form/report/export', { ...grouped, format: 'xlsx' });
    expect(x.statusCode, x.body).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as never);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const regions = groupBy(claims, (c) => c.region);
    expect(rows[0]).toEqual(['Region', 'Due (year)', 'Count']);
    // One row per (region, year) = per region here, a subtotal after each region, then the total.
    expect(rows.length).toBe(1 + regions.size * 2 + 1);
    expect(rows.filter((r) => r[1] === 'Subtotal').map((r) => r[2])).toEqual(
      rows.filter((r) => r[1] === '2025').map((r) => r[2]),
    );
    expect(rows[rows.length - 1]).toEqual(['Total', undefined, claims.length]);

    const piv = await o.post('admin', '/api/form/report/export', {
      spec: spec({
        groupBy: [{ column: 'region' }],
        pivot: { column: 'due', bucket: 'quarter' },
        measures: [{ aggregate: 'count' }],
      }),
      format: 'csv',
    });
    const pl = parse(piv.body.replace(/^\ufeff/, '')) as string[][];
    expect(pl[0]).toEqual(['Region', '2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4', 'Count']);
    expect(pl[pl.length - 1]![0]).toBe('Total');
    expect(Number(pl[pl.length - 1]![5])).toBe(claims.length);
    await settleInbox(o.tdb);
    const audit = await o.tdb
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'report.export')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('exports the same groups and subtotals as the run when they span many keyset batches', async () => {
    const body = {
      spec: spec({
        groupBy: [{ column: 'region' }, { column: 'due', bucket: 'month' }],
        measures: [{ aggregate: 'sum', column: 'amount' }],
      }),
    };
    const d = await run('admin', body);
    exportBatch.size = 2;
    try {
      const r = await o.post('admin', '/api/form/report/export', { ...body, format: 'csv' });
      const lines = (parse(r.body.replace(/^\ufeff/, '')) as string[][]).slice(1);
      const groupLines = lines.filter((l) => l[1] !== 'Subtotal' && l[0] !== 'Total');
      const cell = (v: string | number | null | undefined) => (v == null ? '' : String(v));
      const want = d.rows.map((x) => [cell(x.region), cell(x.due_month)]);
      expect(groupLines.map((l) => l.slice(0, 2))).toEqual(want);
      groupLines.forEach((l, i) => expect(Number(l[2])).toBeCloseTo(Number(d.rows[i]!.sum_amount), 6));
      const subs = lines.filter((l) => l[1] === 'Subtotal');
      expect(subs.map((l) => l[0])).toEqual(d.subtotals.map((x) => cell(x.values.region)));
      const flat = await o.post('admin', '/api/form/report/export', {
        spec: spec({ columns: ['title'] }),
        format: 'csv',
      });
      expect((parse(flat.body.replace(/^\ufeff/, '')) as string[][]).length).toBe(claims.length + 1);
      const piv = await o.post('admin', '/api/form/report/export', {
        spec: spec({ groupBy: [{ column: 'region' }], pivot: { column: 'due', bucket: 'quarter' } }),
        format: 'csv',
      });
      const pl = (parse(piv.body.replace(/^\ufeff/, '')) as string[][]).slice(1, -1);
      const byRegion = groupBy(claims, (c) => c.region);
      expect(pl.map((l) => Number(l[5]))).toEqual(pl.map((l) => byRegion.get(l[0] || null)!.length));
      expect(pl.map((l) => l.slice(1, 5).reduce((a, b) => a + Number(b || 0), 0))).toEqual(pl.map((l) => Number(l[5])));
      // Each subtotal follows the last row of its region.
      lines.forEach((l, i) => {
        if (l[1] === 'Subtotal') expect(lines[i - 1]![0]).toBe(l[0]);
      });
    } finally {
      exportBatch.size = 500;
    }
  });

  it('saves, lists, searches, files and shares reports; a shared report runs as the viewer', async () => {
    const save = (who: string, body: object) => o.post(who, '/api/form/report/save', body);
    const base = { spec: spec({ measures: [{ aggregate: 'count' }] }) };
    const a = await save('sam', {
      ...base,
      name: 'Claims by region',
      folder: 'Finance',
      sharedWith: [{ kind: 'user', id: o.id.max }],
    });
    expect(a.statusCode, a.body).toBe(200);
    const b = await save('sam', { ...base, name: 'Other', folder: 'Ops', parameters: [] });
    expect(b.statusCode, b.body).toBe(200);
    const idA = a.json().data.id as string;
    expect(a.json().data).toMatchObject({
      name: 'Claims by region',
      folder: 'Finance',
      editable: true,
      moduleName: 'Claims',
    });
    const list = async (who: string, body: object) =>
      (await o.post(who, '/api/form/report/datatables', body)).json().data;
    expect((await list('sam', {})).recordsTotal).toBe(2);
    expect((await list('sam', { search: 'region' })).data.map((r: { id: string }) => r.id)).toEqual([idA]);
    expect((await list('sam', { folder: 'Ops' })).data.map((r: { name: string }) => r.name)).toEqual(['Other']);
    expect((await o.get('sam', '/api/form/report/folders')).json().data).toEqual(['Finance', 'Ops']);
    expect((await list('max', {})).data.map((r: { id: string; editable: boolean }) => [r.id, r.editable])).toEqual([
      [idA, false],
    ]);
    expect((await list('mia', {})).recordsTotal).toBe(0);
    expect((await o.get('mia', `/api/form/report/${idA}`)).statusCode).toBe(404);
    // Shared with max: it runs with max's rights, so he counts only his records.
    const asMax = await run('max', { reportId: idA });
    expect(asMax.total.count).toBe(claims.filter((c) => c.manager === o.id.max).length);
    expect((await run('sam', { reportId: idA })).total.count).toBe(claims.length);
    // Shared by role: every full user sees it.
    await save('sam', { ...base, id: idA, name: 'Claims by region', sharedWith: [{ kind: 'role', id: 'fullUser' }] });
    expect((await list('mia', {})).recordsTotal).toBe(1);
    expect((await save('max', { ...base, id: idA, name: 'Mine now' })).statusCode).toBe(403);
    expect(
      (
        await o.t.app.inject({
          method: 'DELETE',
          url: `/api/form/report/${idA}`,
          headers: { authorization: `Bearer ${o.tok.max}`, host: 'acme.localhost' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await o.t.app.inject({
          method: 'DELETE',
          url: `/api/form/report/${idA}`,
          headers: { authorization: `Bearer ${o.tok.sam}`, host: 'acme.localhost' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await list('sam', {})).recordsTotal).toBe(1);
  });

  it('groups by the process columns and shares with a team', async () => {
    const d = await run('admin', {
      spec: spec({ groupBy: [{ column: 'process_status' }, { column: 'workflow_initiator_user' }] }),
    });
    expect(d.rows).toEqual([{ process_status: 'Running', workflow_initiator_user: 'sam', count: claims.length }]);
    const drill = await o.post('admin', '/api/form/report/drill', {
      spec: spec({ groupBy: [{ column: 'process_status' }] }),
      group: { process_status: 'Running' },
    });
    expect(drill.json().data.total).toBe(claims.length);
    const now = new Date().toISOString();
    await o.tdb
      .insertInto('teams', {
        id: 'team-1',
        name: 'Analysts',
        created_by: o.id.admin!,
        created_on: now,
        modified_on: now,
      })
      .execute();
    await o.tdb.insertInto('team_members', { team_id: 'team-1', user_id: o.id.mia!, added_on: now }).execute();
    const saved = await o.post('sam', '/api/form/report/save', {
      name: 'For the team',
      spec: spec({ measures: [{ aggregate: 'count' }] }),
      sharedWith: [{ kind: 'team', id: 'team-1' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const mia = (await o.post('mia', '/api/form/report/datatables', { search: 'team' })).json().data;
    expect(mia.data.map((r: { name: string }) => r.name)).toEqual(['For the team']);
    expect((await o.post('max', '/api/form/report/datatables', { search: 'team' })).json().data.recordsTotal).toBe(0);
  });

  it('asks for parameters and applies dashboard filters', async () => {
    const withParam = {
      spec: spec({
        filters: [{ field: 'region', operator: 'eq', value: '{{param:region}}' }],
        measures: [{ aggregate: 'count' }],
      }),
    };
    const missing = await o.post('admin', '/api/form/report/run', withParam);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/Parameter 'region' is required/);
    const d = await run('admin', { ...withParam, parameters: { region: 'east' } });
    expect(d.total.count).toBe(claims.filter((c) => c.region === 'east').length);
    const none = await run('admin', {
      spec: spec({ measures: [{ aggregate: 'count' }] }),
      shared: { from: '2999-01-01' },
    });
    expect(none.total.count).toBe(0);
    const bySam = await run('admin', {
      spec: spec({ measures: [{ aggregate: 'count' }] }),
      shared: { userId: o.id.sam, to: '2999-12-31' },
    });
    expect(bySam.total.count).toBe(claims.length);
  });

  // Last: it writes a record.
  it('reuses figures only until a record is written, and never across viewers who may see different records', async () => {
    const body = { spec: spec({ measures: [{ aggregate: 'count' }, { aggregate: 'sum', column: 'amount' }] }) };
    const all = await run('admin', body);
    const mine = await run('max', body);
    expect(await run('admin', body)).toEqual(all);
    expect(Number(mine.total.count)).toBeLessThan(Number(all.total.count));
    expect(await run('max', body)).toEqual(mine);
    const r = await o.post('sam', '/api/EntryModule/submit', {
      moduleId,
      data: { title: 'Late', amount: 1000, manager: o.id.mia, due: '2025-05-05', secret: 'x', region: 'north' },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const after = await run('admin', body);
    expect(after.total.count).toBe(Number(all.total.count) + 1);
    expect(Number(after.total.sum_amount)).toBeCloseTo(Number(all.total.sum_amount) + 1000, 6);
    // Max has no part in the new record: his figures stay his own.
    expect((await run('max', body)).total).toEqual(mine.total);
  });
});
