import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { useOffice } from '../support/office.js';
import { seedOrders } from '../api/reports-join-fixture.js';

/**
 * A cross-app report never reads an app the viewer may not report on: with the joined app closed to them, every
 * joined run, drill and export is refused (no figures at all), the join is not offered, and the base app alone
 * still answers. Another tenant's app cannot be joined by naming its lookup.
 */
describe.each(await testDialects())('cross-app report attacks on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'sam', isFullUser: true },
    { username: 'max', isFullUser: true },
  ]);
  let ordersId = '';
  let customersId = '';
  const joined = (extra: object = {}) => ({
    moduleId: ordersId,
    join: { field: 'customer' },
    groupBy: [{ column: 'customer.country' }],
    measures: [{ aggregate: 'count' }],
    ...extra,
  });

  beforeAll(async () => {
    ({ ordersId, customersId } = await seedOrders(o, 'sam'));
    // Only max may report on the customers.
    const r = await o.post('admin', `/api/rolespermissions/apps/${customersId}/permission`, {
      permission: { rules: { reports: { roles: [], users: [o.id.max!] } } },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
  });

  it('gives no figures of a joined app the viewer may not report on', async () => {
    const msg = 'You do not have permission to report on this app.';
    for (const [url, body] of [
      ['/api/form/report/run', { spec: joined() }],
      ['/api/form/report/run', { spec: joined({ groupBy: [], pivot: { column: 'customer.tier' } }) }],
      ['/api/form/report/drill', { spec: joined(), group: { 'customer.country': 'DE' } }],
      ['/api/form/report/export', { spec: joined(), format: 'csv' }],
      ['/api/form/report/save', { name: 'Peek', spec: joined() }],
    ] as const) {
      const r = await o.post('sam', url, body);
      expect([url, r.statusCode]).toEqual([url, 403]);
      expect(r.json()).toEqual({ success: false, message: msg });
    }
  });

  it('does not offer the join, while the base app alone still answers', async () => {
    const cols = await o.get('sam', `/api/form/report/columns/${ordersId}`);
    expect(cols.statusCode, cols.body).toBe(200);
    expect(cols.json().data.joins).toEqual([]);
    const base = await o.post('sam', '/api/form/report/run', {
      spec: { moduleId: ordersId, measures: [{ aggregate: 'count' }] },
    });
    expect(base.statusCode, base.body).toBe(200);
    expect(base.json().data.total.count).toBe(24);
  });

  it('lets someone who may report on both apps see the joined figures', async () => {
    // max may report on Customers (and on Orders: no rule), but opens none of sam's records: no figures leak.
    const r = await o.post('max', '/api/form/report/run', { spec: joined() });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.total.count).toBe(0);
    const admin = await o.post('admin', '/api/form/report/run', { spec: joined() });
    expect(admin.json().data.total.count).toBe(24);
  });

  it('refuses SQL in a join field or a joined column name', async () => {
    for (const field of ["customer') or 1=1 --", 'customer.id', '']) {
      const r = await o.post('admin', '/api/form/report/run', { spec: joined({ join: { field }, groupBy: [] }) });
      expect([field, r.statusCode]).toEqual([field, 400]);
    }
    const r = await o.post('admin', '/api/form/report/run', {
      spec: joined({ groupBy: [{ column: "customer.country') from records --" }] }),
    });
    expect(r.statusCode).toBe(400);
  });
});
