import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/auth.js';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

const D = '/api/dashboards';

/** A dashboard is a layout, never a grant: every figure on it is computed as whoever looks at it. */
describe.each(await testDialects())('dashboard attack cases on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', { username: 'dee', isFullUser: true }, { username: 'ann', isFullUser: true }], {
    bravo: true,
  });
  let moduleId = '';
  let dashId = '';
  const call = (who: string, method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    o.t.app.inject({
      method,
      url,
      headers: bearer(o.tok[who]!, who === 'bravo' ? 'bravo.localhost' : 'acme.localhost'),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Secrets', expenseClaim, claimWorkflow({ finance: [o.id.admin!] }));
    // The administrator's own claim, waiting for the administrator: nobody else may open it.
    const rec = await o.post('admin', '/api/EntryModule/submit', {
      moduleId,
      data: { title: 'Payroll', amount: 5, manager: o.id.admin },
    });
    expect(rec.json(), rec.body).toMatchObject({ success: true });
    const made = await o.post('admin', D, {
      name: 'Everything',
      sharedWith: [{ kind: 'role', id: 'fullUser' }],
      layout: [
        { i: 'w1', x: 0, y: 0, w: 6, h: 4, kind: 'process-status', settings: { moduleId } },
        { i: 'w2', x: 6, y: 0, w: 6, h: 4, kind: 'tasks', settings: {} },
      ],
    });
    expect(made.json(), made.body).toMatchObject({ success: true });
    dashId = made.json().data.id;
  });

  it('is invisible to another organisation, which can neither change nor delete it', async () => {
    expect((await o.get('bravo', `${D}/${dashId}`)).statusCode).toBe(404);
    expect((await o.get('bravo', D)).json().data).toEqual([]);
    expect((await call('bravo', 'PUT', `${D}/${dashId}`, { name: 'Mine', version: 1 })).statusCode).toBe(404);
    expect((await call('bravo', 'DELETE', `${D}/${dashId}`)).statusCode).toBe(404);
    const analytics = await o.post('bravo', '/api/analytics/process', { moduleId });
    expect(analytics.statusCode).toBe(404);
    expect((await o.post('bravo', `${D}/widgets/process-status`, { moduleId })).statusCode).toBe(404);
    expect((await o.post('bravo', `${D}/widgets/tasks`, {})).json().data.total).toBe(0);
    expect((await o.post('admin', `${D}/widgets/tasks`, {})).json().data.total).toBe(1);
  });

  it('refuses regular users on every route', async () => {
    for (const r of [
      await o.get('sam', D),
      await o.post('sam', D, { name: 'x' }),
      await o.get('sam', `${D}/${dashId}`),
      await o.post('sam', `${D}/widgets/tasks`, {}),
      await o.post('sam', `${D}/widgets/process-status`, { moduleId }),
      await o.post('sam', '/api/analytics/process', { moduleId }),
    ])
      expect(r.statusCode).toBe(403);
  });

  it('never widens what a shared dashboard shows: figures are the viewer’s own', async () => {
    const seen = (await o.get('dee', D)).json().data;
    expect(seen.map((d: { id: string }) => d.id)).toEqual([dashId]);
    expect(seen[0].editable).toBe(false);
    const admin = (await o.post('admin', `${D}/widgets/process-status`, { moduleId })).json().data;
    const dee = (await o.post('dee', `${D}/widgets/process-status`, { moduleId })).json().data;
    expect(admin.total).toBe(1);
    expect(dee.total).toBe(0);
    const figures = (await o.post('dee', '/api/analytics/process', { moduleId })).json().data;
    expect(figures).toMatchObject({ steps: [], throughput: [], returns: [], holders: [] });
    expect((await o.post('admin', '/api/analytics/process', { moduleId })).json().data.holders).toHaveLength(1);
    expect((await o.post('dee', `${D}/widgets/tasks`, {})).json().data).toMatchObject({ total: 0, groups: [] });
    // A shared viewer may not change or delete it.
    expect((await call('dee', 'PUT', `${D}/${dashId}`, { name: 'Taken', version: 1 })).statusCode).toBe(403);
    expect((await call('dee', 'DELETE', `${D}/${dashId}`)).statusCode).toBe(403);
  });

  it('holds widgets and analytics to the app’s view permission', async () => {
    const set = await o.post('admin', '/api/form/Editor/UpdateModule', {
      id: moduleId,
      permission: { rules: { view: { roles: ['administrator'] } } },
    });
    expect(set.json(), set.body).toMatchObject({ success: true });
    expect((await o.post('dee', `${D}/widgets/process-status`, { moduleId })).statusCode).toBe(403);
    expect((await o.post('dee', '/api/analytics/process', { moduleId })).statusCode).toBe(403);
  });

  it('answers bad input with a clear 400', async () => {
    const bad = async (body: object, message: string) => {
      const r = await o.post('ann', D, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toBe(message);
    };
    await bad(
      { name: 'x', sharedWith: [{ kind: 'team', id: 'nope' }] },
      'A team this dashboard is shared with does not exist.',
    );
    // Bravo's administrator, as bravo sees them: a user id of another organisation.
    const bravoUsers = await o.post('bravo', '/api/EntryModule/UserLookup', { search: 'admin' });
    const foreign = bravoUsers.json().data.items[0].id as string;
    expect(foreign).not.toBe(o.id.admin);
    await bad(
      { name: 'x', sharedWith: [{ kind: 'user', id: foreign }] },
      'A user this dashboard is shared with does not exist.',
    );
    await bad({ name: 'x', sharedWith: [{ kind: 'role', id: 'root' }] }, "Unknown role 'root'.");
    await bad(
      { name: 'x', layout: [{ i: 'a', x: 10, y: 0, w: 4, h: 2, kind: 'tasks', settings: {} }] },
      "Widget 'a' runs past the grid's 12 columns.",
    );
    const kind = await o.post('ann', D, {
      name: 'x',
      layout: [{ i: 'a', x: 0, y: 0, w: 4, h: 2, kind: '../x', settings: {} }],
    });
    expect(kind.statusCode).toBe(400);
    const sla = await o.post('ann', '/api/analytics/process', { moduleId, slaHours: 0 });
    expect(sla.statusCode).toBe(400);
    const date = await o.post('ann', `${D}/widgets/tasks`, { shared: { from: '2026-02-01', to: '2026-01-01' } });
    expect(date.json()).toEqual({ success: false, message: 'from must be before to.' });
  });
});
