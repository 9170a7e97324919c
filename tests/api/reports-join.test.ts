import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { seedOrders, tally, type Customer, type Order } from './reports-join-fixture.js';

type Row = Record<string, string | number | null>;

/**
 * Business intelligence: a pivot over two apps joined by a lookup field, aggregated in the database; every figure
 * is checked against a table computed here from the inserted records.
 */
describe.each(await testDialects())('cross-app reports on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'sam', isFullUser: true },
    { username: 'max', isFullUser: true },
  ]);
  let ordersId = '';
  let customers: Customer[] = [];
  let orders: Order[] = [];
  const run = async (who: string, spec: object) => {
    const r = await o.post(who, '/api/form/report/run', {
      spec: { moduleId: ordersId, join: { field: 'customer' }, ...spec },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as { rows: Row[]; total: Row; columns: { key: string; role: string; pivotValue?: unknown }[] };
  };
  /** What a viewer sees of an order's customer: nothing for a customer they may not open. */
  const seen = (hidden: Set<string>) => (x: Order) => (x.customer && !hidden.has(x.customer.id) ? x.customer : null);

  beforeAll(async () => {
    ({ ordersId, customers, orders } = await seedOrders(o, 'sam'));
    // Gamma now belongs to max: sam still sees his orders of Gamma, but not Gamma itself.
    const gamma = customers.find((c) => c.name === 'Gamma')!;
    await o.tdb
      .updateTable('records')
      .set({ created_by: o.id.max!, workflow_initiator_user: o.id.max! })
      .where('id', '=', gamma.id)
      .execute();
  });

  it('offers the apps its lookup fields join, with their readable columns', async () => {
    const r = await o.get('sam', `/api/form/report/columns/${ordersId}`);
    expect(r.statusCode, r.body).toBe(200);
    const joins = r.json().data.joins as {
      field: string;
      moduleName: string;
      columns: { key: string; kind: string }[];
    }[];
    expect(joins.map((j) => [j.field, j.moduleName])).toEqual([['customer', 'Customers']]);
    const keys = joins[0]!.columns.map((c) => c.key);
    expect(keys).toEqual(
      expect.arrayContaining(['customer.name', 'customer.country', 'customer.tier', 'customer.rating']),
    );
    expect(joins[0]!.columns.find((c) => c.key === 'customer.rating')!.kind).toBe('number');
  });

  it('pivots a field of the joined app against another, summing a field of the base app', async () => {
    const d = await run('admin', {
      groupBy: [{ column: 'customer.country' }],
      pivot: { column: 'customer.tier' },
      measures: [{ aggregate: 'sum', column: 'amount' }],
    });
    const of = seen(new Set());
    const want = tally(
      orders,
      (x) => `${of(x)?.country ?? null}|${of(x)?.tier ?? null}`,
      (x) => x.amount,
    );
    const pivots = d.columns.filter((c) => c.role === 'pivot');
    expect(pivots.map((c) => c.pivotValue)).toEqual([null, 'gold', 'silver']);
    const got = new Map<string, number>();
    for (const row of d.rows)
      pivots.forEach((c, i) => {
        const v = row[`pivot_${i}`];
        if (v !== null && v !== undefined) got.set(`${row['customer.country']}|${String(c.pivotValue)}`, Number(v));
      });
    expect(got.size).toBe(want.size);
    for (const [k, t] of want) expect(got.get(k), k).toBeCloseTo(t.sum, 6);
    expect(Number(d.total.sum_amount)).toBeCloseTo(
      orders.reduce((a, x) => a + x.amount, 0),
      6,
    );
  });

  it('groups by a base field and a joined field, with a measure of the joined app', async () => {
    const d = await run('admin', {
      groupBy: [{ column: 'channel' }, { column: 'customer.name' }],
      measures: [{ aggregate: 'count' }, { aggregate: 'sum', column: 'customer.rating' }],
    });
    const of = seen(new Set());
    const want = tally(
      orders,
      (x) => `${x.channel}|${of(x)?.name ?? null}`,
      (x) => of(x)?.rating ?? 0,
    );
    expect(d.rows.length).toBe(want.size);
    for (const row of d.rows) {
      const t = want.get(`${row.channel}|${row['customer.name']}`)!;
      expect(Number(row.count)).toBe(t.count);
      expect(Number(row['sum_customer.rating'] ?? 0)).toBe(t.sum);
    }
  });

  it("counts a joined record the viewer may not open as empty, and drills to the base app's records", async () => {
    const gamma = customers.find((c) => c.name === 'Gamma')!;
    const of = seen(new Set([gamma.id]));
    const d = await run('sam', { groupBy: [{ column: 'customer.country' }], measures: [{ aggregate: 'count' }] });
    const want = tally(
      orders,
      (x) => String(of(x)?.country ?? null),
      () => 0,
    );
    expect(Object.fromEntries(d.rows.map((r) => [String(r['customer.country']), Number(r.count)]))).toEqual(
      Object.fromEntries([...want].map(([k, t]) => [k, t.count])),
    );
    const drill = await o.post('sam', '/api/form/report/drill', {
      spec: { moduleId: ordersId, join: { field: 'customer' }, groupBy: [{ column: 'customer.country' }] },
      group: { 'customer.country': 'DE' },
      length: 100,
    });
    expect(drill.statusCode, drill.body).toBe(200);
    const rows = drill.json().data.rows as { id: string; moduleId: string; data: Record<string, unknown> }[];
    const de = orders.filter((x) => of(x)?.country === 'DE');
    expect(rows.map((r) => r.id).sort()).toEqual(de.map((x) => x.id).sort());
    expect(rows.every((r) => r.moduleId === ordersId && 'amount' in r.data)).toBe(true);
    expect(drill.json().data.total).toBe(de.length);
  });

  it('exports the joined pivot pivoted', async () => {
    const r = await o.post('admin', '/api/form/report/export', {
      spec: {
        moduleId: ordersId,
        join: { field: 'customer' },
        groupBy: [{ column: 'customer.country' }],
        pivot: { column: 'customer.tier' },
        measures: [{ aggregate: 'count' }],
      },
      format: 'csv',
    });
    expect(r.statusCode, r.body).toBe(200);
    const lines = parse(r.body.replace(/^\ufeff/, '')) as string[][];
    expect(lines[0]).toEqual(['Customer › Country', '', 'gold', 'silver', 'Count']);
    expect(lines[lines.length - 1]![0]).toBe('Total');
    expect(Number(lines[lines.length - 1]![4])).toBe(orders.length);
  });

  it('refuses a join by a field that is not a lookup, and a column of the joined app that does not exist', async () => {
    const bad = await o.post('admin', '/api/form/report/run', {
      spec: { moduleId: ordersId, join: { field: 'channel' }, measures: [{ aggregate: 'count' }] },
    });
    expect(bad.statusCode).toBe(400);
    const missing = await o.post('admin', '/api/form/report/run', {
      spec: { moduleId: ordersId, join: { field: 'customer' }, groupBy: [{ column: 'customer.nope' }] },
    });
    expect(missing.statusCode).toBe(400);
    // Without the join, joined columns are not columns at all.
    const unjoined = await o.post('admin', '/api/form/report/run', {
      spec: { moduleId: ordersId, groupBy: [{ column: 'customer.country' }] },
    });
    expect(unjoined.statusCode).toBe(400);
  });
});
