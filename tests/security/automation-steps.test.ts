import { beforeAll, describe, expect, it } from 'vitest';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { seedDrafts, ticketsApp } from '../api/automation-steps-fixtures.js';

const R = '/api/rpa';

const bulk = (moduleId: string, filters: object[], values: object[]) => ({
  id: 'bulk',
  type: 'update-records',
  config: { moduleId, filters, values },
});

/** Attacks on the update-records, wait and workflow steps and on cancelling runs. */
describe.each(await testDialects())('automation steps under attack on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', { username: 'cora', isConsultant: true }], { bravo: true });
  let moduleId = '';
  const setEdit = (rule: object | undefined) =>
    o.tdb
      .updateTable('modules')
      .set({ permission: JSON.stringify({ rules: rule ? { edit: rule } : {} }) })
      .where('id', '=', moduleId)
      .execute();
  const versions = async () =>
    (await o.tdb.selectFrom('records').select('version').where('module_id', '=', moduleId).execute()).map((r) =>
      Number(r.version),
    );

  beforeAll(async () => {
    moduleId = await ticketsApp(o, 'Guarded tickets');
    await seedDrafts(o, moduleId, 5, o.id.cora!, 'open');
    await seedDrafts(o, moduleId, 5, o.id.sam!, 'open');
  });

  it('an owner without edit rights can neither save nor run an update of the app', async () => {
    await setEdit({ roles: ['administrator'] });
    const steps = [
      bulk(moduleId, [{ field: 'status', operator: 'eq', value: 'open' }], [{ field: 'status', value: 'x' }]),
    ];
    const saved = await o.post('cora', `${R}/save`, {
      name: 'No right',
      active: true,
      trigger: { kind: 'manual' },
      steps,
    });
    expect(saved.statusCode).toBe(403);
    expect(saved.json()).toMatchObject({
      success: false,
      message: 'You do not have permission to edit records of this app.',
    });
    // Allowed when saved, taken away before the run: the run checks again and writes nothing.
    await setEdit(undefined);
    const ok = await o.post('cora', `${R}/save`, {
      name: 'Right lost',
      active: true,
      trigger: { kind: 'manual' },
      steps,
    });
    expect(ok.json(), ok.body).toMatchObject({ success: true });
    await setEdit({ roles: ['administrator'] });
    const run = (await o.post('cora', `${R}/execute`, { id: ok.json().data.id })).json().data;
    expect(run).toMatchObject({
      status: 'Failed',
      error: 'bulk: You do not have permission to edit records of this app.',
    });
    expect(new Set(await versions())).toEqual(new Set([1]));
    await setEdit(undefined);
  });

  it("updates only the records the owner may open: another user's drafts stay as they were", async () => {
    const steps = [
      bulk(moduleId, [{ field: 'status', operator: 'eq', value: 'open' }], [{ field: 'status', value: 'mine' }]),
    ];
    const dry = (await o.post('cora', `${R}/execute/test`, { steps })).json().data;
    expect(dry.steps[0].output.wouldUpdate).toBe(5);
    const saved = await o.post('cora', `${R}/save`, {
      name: 'Mine only',
      active: true,
      trigger: { kind: 'manual' },
      steps,
    });
    const run = (await o.post('cora', `${R}/execute`, { id: saved.json().data.id })).json().data;
    expect(run.steps[0].output).toMatchObject({ updated: 5, refused: 0 });
    const rows = await o.tdb
      .selectFrom('records')
      .select(['data', 'created_by'])
      .where('module_id', '=', moduleId)
      .execute();
    for (const r of rows) expect(JSON.parse(r.data).status).toBe(r.created_by === o.id.cora ? 'mine' : 'open');
  });

  it("refuses another tenant's app, and bad filters and values with a clear message", async () => {
    const steps = [bulk(moduleId, [], [{ field: 'status', value: 'x' }])];
    const other = await o.post('bravo', `${R}/save`, {
      name: 'Reach over',
      active: true,
      trigger: { kind: 'manual' },
      steps,
    });
    expect(other.json()).toMatchObject({ success: false, message: 'App not found' });
    const tried = (await o.post('bravo', `${R}/execute/test`, { steps })).json();
    expect(tried).toMatchObject({ success: false, message: 'App not found' });

    const test = async (s: object) => (await o.post('admin', `${R}/execute/test`, { steps: [s] })).json();
    expect(
      (await test(bulk(moduleId, [{ field: 'nope', operator: 'eq', value: '1' }], [{ field: 'status', value: 'x' }])))
        .data,
    ).toMatchObject({
      status: 'Failed',
      error: "bulk: Cannot filter by 'nope'.",
    });
    expect((await test(bulk(moduleId, [], [{ field: 'data; drop table records', value: 'x' }]))).data.error).toBe(
      "bulk: Values: 'data; drop table records' is not a field of the app",
    );
    const badOp = await test(
      bulk(moduleId, [{ field: 'status', operator: 'like', value: 'x' }], [{ field: 'status', value: 'x' }]),
    );
    expect(badOp).toMatchObject({ success: false });
    expect(badOp.message).toMatch(/^Step 1 \(bulk\): filters\/0\/operator must be equal to one of the allowed values/);
    const badWait = await test({
      id: 'w',
      type: 'wait',
      config: { mode: 'until', amount: 1, unit: 'days', until: 'soon' },
    });
    expect(badWait.data).toMatchObject({ status: 'Failed', error: "w: Wait until: 'soon' is not a date and time" });
  });

  it('the workflow step acts only on records and tasks that are the owner’s', async () => {
    const s = await o.post('sam', '/api/EntryModule/submit', { moduleId, data: { title: 'Sam asks', status: 'new' } });
    const recordId = s.json().data.recordId as string;
    const step = (action: string, stepName = 'Review') => ({
      id: 'wf',
      type: 'workflow',
      config: { action, recordId, step: stepName, comment: 'no' },
    });
    // Cora may not open Sam's record; the task at Review is the administrator's, not Cora's.
    const asCora = (await o.post('cora', `${R}/execute/test`, { steps: [step('approve')] })).json().data;
    expect(asCora).toMatchObject({ status: 'Failed', error: 'wf: Record not found' });
    const sams = (await o.post('sam', `${R}/execute/test`, { steps: [step('approve')] })).json();
    expect(sams.success).toBe(false); // a full user may not use automation at all
    const wrongStep = (await o.post('admin', `${R}/execute/test`, { steps: [step('approve', 'Payroll')] })).json().data;
    expect(wrongStep.error).toBe("wf: The owner has no open task at step 'Payroll' of this record.");
    const startTwice = (await o.post('admin', `${R}/execute/test`, { steps: [step('start')] })).json().data;
    expect(startTwice.error).toBe('wf: This record has been submitted already.');
  });

  it('cancelling is for administrators of the tenant that ran it', async () => {
    const saved = await o.post('admin', `${R}/save`, {
      name: 'Long wait',
      active: true,
      trigger: { kind: 'manual' },
      steps: [
        { id: 'w', type: 'wait', config: { mode: 'for', amount: 2, unit: 'days', until: '' } },
        bulk(moduleId, [], [{ field: 'status', value: 'late' }]),
      ],
    });
    const run = (await o.post('admin', `${R}/execute`, { id: saved.json().data.id })).json().data;
    expect(run.status).toBe('Waiting');
    for (const who of ['cora', 'sam']) {
      const r = await o.post(who, `${R}/cancel/${run.id}`, {});
      expect(r.statusCode, who).toBe(403);
    }
    const bravo = await o.post('bravo', `${R}/cancel/${run.id}`, {});
    expect(bravo.json()).toMatchObject({ success: false, message: 'Run not found' });
    const mine = await o.post('admin', `${R}/cancel/${run.id}`, {});
    expect(mine.json()).toMatchObject({ success: true, data: { status: 'Cancelled' } });
  });
});
