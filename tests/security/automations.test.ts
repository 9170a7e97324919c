import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/auth.js';
import { allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { privateTargets } from '../support/ssrf.js';

const R = '/api/rpa';

/** An automation acts for its owner, unattended: never beyond the owner's rights, another tenant's data or egress. */
describe.each(await testDialects())('automation attack cases on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', { username: 'cora', isConsultant: true }], { bravo: true });
  let moduleId = '';
  let automationId = '';
  const step = (id = moduleId) => ({
    id: 'make',
    type: 'create-record',
    config: { moduleId: id, values: [{ field: 'title', value: '{{run.day}}' }], submit: false },
  });

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Checks', {
      display_name: 'Checks',
      fieldGroups: [
        { id: 'g', label: 'G', rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text' }] }] },
      ],
    });
    const r = await o.post('admin', `${R}/save`, {
      name: 'Nightly',
      active: true,
      trigger: { kind: 'schedule', cron: '0 2 * * *', timeZone: 'Europe/London' },
      steps: [step()],
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    automationId = r.json().data.id;
  });

  it('is invisible to another organisation, and cannot be run, changed or deleted from there', async () => {
    expect((await o.get('bravo', `${R}/detail/${automationId}`)).statusCode).toBe(404);
    expect((await o.post('bravo', `${R}/datatables`, {})).json().data.data).toEqual([]);
    expect((await o.post('bravo', `${R}/executed`, {})).json().data.data).toEqual([]);
    expect((await o.post('bravo', `${R}/execute`, { id: automationId })).statusCode).toBe(404);
    expect((await o.post('bravo', `${R}/execute/test`, { id: automationId })).statusCode).toBe(404);
    const del = await o.t.app.inject({
      method: 'DELETE',
      url: `${R}/delete/${automationId}`,
      headers: bearer(o.tok.bravo!, 'bravo.localhost'),
    });
    expect(del.statusCode).toBe(404);
    // bravo's own step cannot name acme's app.
    const cross = await o.post('bravo', `${R}/save`, {
      name: 'Reach over',
      active: false,
      trigger: { kind: 'manual' },
      steps: [step()],
    });
    expect(cross.json().success).toBe(false);
    expect(await o.tdb.selectFrom('records').select('id').where('module_id', '=', moduleId).execute()).toHaveLength(0);
  });

  it('never acts beyond its owner: an owner who is no longer active stops it at run time', async () => {
    const saved = await o.post('cora', `${R}/save`, {
      name: 'Cora makes checks',
      active: false,
      trigger: { kind: 'manual' },
      steps: [step()],
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true, data: { ownerId: o.id.cora } });
    const users = () => o.t.db.forTenant(o.tdb.tenantId).updateTable('users').where('id', '=', o.id.cora!);
    await users().set({ status: 'inactive' }).execute();
    const before = await o.tdb.selectFrom('records').select('id').where('module_id', '=', moduleId).execute();
    const run = (await o.post('admin', `${R}/execute`, { id: saved.json().data.id })).json();
    expect(run.data).toMatchObject({
      status: 'Failed',
      error: 'make: The owner of this automation is no longer active.',
    });
    expect(await o.tdb.selectFrom('records').select('id').where('module_id', '=', moduleId).execute()).toEqual(before);
    await users().set({ status: 'active' }).execute();
  });

  it('reaches other systems only through the egress module: private addresses stay refused', async () => {
    await allowPrivateEgress(o, false);
    for (const url of privateTargets('http://127.0.0.1:9').slice(0, 4)) {
      const c = await o.post('admin', '/api/dataconnector/save', {
        dcType: 'rest',
        name: `Inside ${Math.random().toString(36).slice(2, 8)}`,
        config: {
          method: 'GET',
          url,
          headers: [],
          query: [],
          bodyType: 'none',
          body: [],
          responsePath: '',
          outputs: [],
        },
      });
      expect(c.json(), c.body).toMatchObject({ success: true });
      const a = await o.post('admin', `${R}/save`, {
        name: `Probe ${Math.random().toString(36).slice(2, 8)}`,
        active: false,
        trigger: { kind: 'manual' },
        steps: [{ id: 'probe', type: 'call-connector', config: { connectorId: c.json().data.id, inputs: [] } }],
      });
      const run = (await o.post('admin', `${R}/execute`, { id: a.json().data.id })).json();
      expect(run.data.status).toBe('Failed');
      expect(run.data.steps[0].error).toMatch(/not allowed|could not be reached|valid address/);
    }
  });

  it('refuses templates that try to reach beyond the run, and answers bad input with the envelope', async () => {
    const r = await o.post('admin', `${R}/execute/test`, {
      steps: [
        {
          id: 'make',
          type: 'create-record',
          config: {
            moduleId,
            values: [{ field: 'title', value: '{{constructor.prototype}}{{__proto__.polluted}}{{run.__proto__}}' }],
            submit: false,
          },
        },
      ],
    });
    expect(r.json(), r.body).toMatchObject({ success: true, data: { status: 'Succeeded' } });
    // Only the run's own values are read (own properties): nothing of the objects behind them comes out.
    const title = r.json().data.steps[0].output.wouldCreate.title as string;
    expect(title).not.toMatch(/function|\[object|Object|prototype/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    for (const body of [
      { name: 'x', active: true, trigger: { kind: 'cron' }, steps: [] },
      { name: 'x', active: true, trigger: { kind: 'interval', minutes: 0 }, steps: [] },
      { name: 'x', active: true, trigger: { kind: 'manual' }, steps: [{ id: '1bad', type: 'condition', config: {} }] },
      { name: 'x', active: 'yes', trigger: { kind: 'manual' }, steps: [] },
    ]) {
      const bad = await o.post('admin', `${R}/save`, body);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json()).toMatchObject({ success: false });
    }
  });
});
