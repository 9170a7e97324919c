import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { useOffice } from '../support/office.js';
import { seedClaims, type Claim } from '../api/reports-fixture.js';

/**
 * Reports never show more than the viewer may see: another tenant's apps and reports do not exist, regular users are
 * refused, a field a step hides is refused by name (never answered), a shared report runs with the viewer's rights,
 * figures kept for reuse are never handed to another viewer, and a bad spec is a clear 400.
 */
describe.each(await testDialects())('report attacks on %s', (dialect) => {
  const o = useOffice(
    dialect,
    [
      { username: 'sam', isFullUser: true },
      { username: 'max', isFullUser: true },
      { username: 'mia', isFullUser: true },
      'reg',
    ],
    { bravo: true },
  );
  let moduleId = '';
  let claims: Claim[] = [];
  let reportId = '';
  const spec = (extra: object = {}) => ({ moduleId, measures: [{ aggregate: 'count' }], ...extra });
  const del = (who: string, url: string) =>
    o.t.app.inject({
      method: 'DELETE',
      url,
      headers: { authorization: `Bearer ${o.tok[who]}`, host: who === 'bravo' ? 'bravo.localhost' : 'acme.localhost' },
    });

  beforeAll(async () => {
    ({ moduleId, claims } = await seedClaims(o, 'sam', ['max', 'max'], 6));
    const r = await o.post('sam', '/api/form/report/save', {
      name: 'Everything',
      spec: spec({ groupBy: [{ column: 'region' }] }),
      sharedWith: [{ kind: 'user', id: o.id.mia }],
    });
    expect(r.statusCode, r.body).toBe(200);
    reportId = r.json().data.id;
  });

  const calls = () => [
    () => o.get('reg', `/api/form/report/columns/${moduleId}`),
    () => o.post('reg', '/api/form/report/run', { spec: spec() }),
    () => o.post('reg', '/api/form/report/drill', { spec: spec(), group: {} }),
    () => o.post('reg', '/api/form/report/export', { spec: spec(), format: 'csv' }),
    () => o.post('reg', '/api/form/report/datatables', {}),
    () => o.get('reg', '/api/form/report/folders'),
    () => o.post('reg', '/api/form/report/save', { name: 'x', spec: spec() }),
    () => o.get('reg', `/api/form/report/${reportId}`),
    () => del('reg', `/api/form/report/${reportId}`),
  ];

  it('refuses a regular user on every report route', async () => {
    for (const call of calls()) expect((await call()).statusCode).toBe(403);
  });

  it("never reaches another tenant's app or report", async () => {
    for (const r of [
      await o.get('bravo', `/api/form/report/columns/${moduleId}`),
      await o.post('bravo', '/api/form/report/run', { spec: spec() }),
      await o.post('bravo', '/api/form/report/drill', { spec: spec(), group: {} }),
      await o.post('bravo', '/api/form/report/export', { spec: spec(), format: 'csv' }),
      await o.post('bravo', '/api/form/report/run', { reportId }),
      await o.get('bravo', `/api/form/report/${reportId}`),
      await del('bravo', `/api/form/report/${reportId}`),
      await o.post('bravo', '/api/form/report/save', { id: reportId, name: 'Stolen', spec: spec() }),
    ])
      expect(r.statusCode, r.body).toBe(404);
    expect((await o.post('bravo', '/api/form/report/datatables', {})).json().data.recordsTotal).toBe(0);
    expect((await o.get('sam', `/api/form/report/${reportId}`)).json().data.name).toBe('Everything');
  });

  it('refuses a field a step hides wherever a spec names it', async () => {
    const bodies = [
      { spec: spec({ groupBy: [{ column: 'secret' }] }) },
      { spec: spec({ pivot: { column: 'secret' } }) },
      { spec: spec({ measures: [{ aggregate: 'min', column: 'secret' }] }) },
      { spec: spec({ filters: [{ field: 'secret', operator: 'eq', value: 's1' }] }) },
      { spec: { moduleId, columns: ['title', 'secret'] } },
    ];
    for (const b of bodies)
      for (const path of ['run', 'export', 'drill']) {
        const r = await o.post('admin', `/api/form/report/${path}`, { ...b, format: 'csv', group: {} });
        expect(r.statusCode, `${path} ${JSON.stringify(b)}`).toBe(400);
        expect(r.json().message).toBe("Cannot report on 'secret'.");
      }
    const save = await o.post('sam', '/api/form/report/save', {
      name: 'Leak',
      spec: spec({ groupBy: [{ column: 'secret' }] }),
    });
    expect(save.statusCode).toBe(400);
    const drill = await o.post('admin', '/api/form/report/drill', { spec: spec(), group: {} });
    expect(drill.json().data.rows.every((r: { data: object }) => !('secret' in r.data))).toBe(true);
  });

  it('runs a shared report with the viewer rights, never the owner', async () => {
    // mia holds no task and created nothing: the report shared with her counts nothing and drills to nothing.
    const run = await o.post('mia', '/api/form/report/run', { reportId });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.total.count).toBe(0);
    const drill = await o.post('mia', '/api/form/report/drill', { reportId, group: {} });
    expect(drill.json().data.total).toBe(0);
    const csv = await o.post('mia', '/api/form/report/export', { reportId, format: 'csv' });
    expect(csv.body).not.toContain('north');
    expect((await o.post('sam', '/api/form/report/run', { reportId })).json().data.total.count).toBe(claims.length);
    // Shared is not editable: she may not widen it to others either.
    const r = await o.post('mia', '/api/form/report/save', {
      id: reportId,
      name: 'Everything',
      spec: spec(),
      sharedWith: [{ kind: 'role', id: 'fullUser' }],
    });
    expect(r.statusCode).toBe(403);
    // Not shared with max: not found for him.
    expect((await o.post('max', '/api/form/report/run', { reportId })).statusCode).toBe(404);
  });

  it('never hands figures kept for one viewer to another (the aggregate cache)', async () => {
    const body = { spec: spec({ groupBy: [{ column: 'region' }] }) };
    // Sam's figures are kept first; then the same question from mia, who may see none, and from another tenant.
    const sam = await o.post('sam', '/api/form/report/run', body);
    expect(sam.json().data.total.count).toBe(claims.length);
    expect((await o.post('sam', '/api/form/report/run', body)).json().data).toEqual(sam.json().data);
    const mia = await o.post('mia', '/api/form/report/run', body);
    expect(mia.statusCode, mia.body).toBe(200);
    expect(mia.json().data.total.count).toBe(0);
    expect((await o.post('bravo', '/api/form/report/run', body)).statusCode).toBe(404);
    const status = await o.post('sam', '/api/dashboards/widgets/process-status', { moduleId });
    expect(status.json().data.total).toBe(claims.length);
    expect((await o.post('mia', '/api/dashboards/widgets/process-status', { moduleId })).json().data.total).toBe(0);
    expect((await o.post('bravo', '/api/dashboards/widgets/process-status', { moduleId })).statusCode).toBe(404);
  });

  it('answers a bad spec with a clear 400', async () => {
    const cases: [object, RegExp][] = [
      [{ spec: spec({ measures: [{ aggregate: 'sum', column: 'title' }] }) }, /Cannot sum 'title': it is not a number/],
      [{ spec: spec({ measures: [{ aggregate: 'avg' }] }) }, /avg measure needs a column/],
      [{ spec: spec({ groupBy: [{ column: 'title', bucket: 'month' }] }) }, /'title' is not a date/],
      [{ spec: spec({ groupBy: [{ column: 'nope' }] }) }, /Cannot report on 'nope'/],
      [{ spec: spec({ sort: [{ key: 'nope', dir: 'asc' }] }) }, /Cannot sort by 'nope'/],
      [{ spec: spec({ filters: [{ field: 'amount', operator: 'bogus', value: 1 }] }) }, /Unknown filter operator/],
      [{ spec: spec({ filters: [{ field: 'amount', operator: 'gt', value: 'abc' }] }) }, /needs a number/],
      [{ spec: spec({ groupBy: [{ column: 'region' }, { column: 'region' }] }) }, /grouped twice/],
      [{}, /reportId\) or a spec is required/],
      [{ spec: { moduleId, columns: ['nope'] } }, /Cannot report on 'nope'/],
    ];
    for (const [body, msg] of cases) {
      const r = await o.post('admin', '/api/form/report/run', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toMatch(msg);
    }
    expect((await o.post('admin', '/api/form/report/run', { spec: { moduleId: 'no-such-app' } })).json().message).toBe(
      'App not found',
    );
    const drill = await o.post('admin', '/api/form/report/drill', {
      spec: spec({ groupBy: [{ column: 'region' }] }),
      group: { title: 'x' },
    });
    expect(drill.json().message).toMatch(/'title' is not a group of this report/);
    const cursor = await o.post('admin', '/api/form/report/drill', {
      spec: spec(),
      group: {},
      cursor: Buffer.from("x' or 1=1 --").toString('base64url'),
    });
    expect(cursor.statusCode).toBe(400);
    const share = await o.post('sam', '/api/form/report/save', {
      name: 'x',
      spec: spec(),
      sharedWith: [{ kind: 'team', id: 'nope' }],
    });
    expect(share.json().message).toMatch(/Unknown team 'nope'/);
    const role = await o.post('sam', '/api/form/report/save', {
      name: 'x',
      spec: spec(),
      sharedWith: [{ kind: 'role', id: 'god' }],
    });
    expect(role.json().message).toMatch(/Unknown role 'god'/);
  });
});
