import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/auth.js';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

/**
 * Hardening: a schedule creates records in its owner's name, so it is the create permission by another door. Saving
 * one for an app whose create rule leaves the user out is refused with nothing stored, and a schedule whose owner
 * has since lost the permission creates nothing when it runs (the refusal is kept in its run history).
 */
const A = 'acme.localhost';
const S = '/api/TaskScheduler';
const E = '/api/form/Editor';
const REFUSED = 'You do not have permission to create records of this app.';

describe.each(await testDialects())('schedules need the create permission on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', 'mia', 'una']);
  const { id: uid, tok } = o;
  let moduleId = '';

  const post = (who: string, url: string, payload: object = {}) =>
    o.t.app.inject({ method: 'POST', url, headers: bearer(tok[who]!, A), payload });
  const createRule = async (users: string[]) =>
    expect(
      (await post('admin', `${E}/UpdateModule`, { id: moduleId, permission: { rules: { create: { users } } } })).json(),
    ).toMatchObject({ success: true });
  const stored = async () => ({
    schedules: await o.tdb
      .selectFrom('schedules')
      .select(['id', 'name', 'cron', 'status', 'owner_id'])
      .orderBy('id')
      .execute(),
    leases: await o.t.db.system
      .selectFrom('schedule_leases')
      .select(['schedule_id', 'due_on'])
      .orderBy('schedule_id')
      .execute(),
  });
  const records = () => o.tdb.selectFrom('records').select('id').where('module_id', '=', moduleId).execute();
  const body = (extra: object = {}) => ({
    moduleId,
    name: 'Monthly claim',
    cron: '0 9 1 * *',
    data: { title: 'Phone bill', amount: 20, manager: uid.mia },
    ...extra,
  });

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Claims', expenseClaim, claimWorkflow({ finance: [] }));
    // Only Sam may create records of the app (administrators always may).
    await createRule([uid.sam!]);
  });

  it('refuses to save a schedule for someone the create rule leaves out, storing nothing', async () => {
    const before = await stored();
    const r = await post('una', `${S}/save`, body());
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ success: false, message: REFUSED });
    expect(await stored()).toEqual(before);
    // Sam is on the list; an administrator always may.
    expect((await post('sam', `${S}/save`, body())).json()).toMatchObject({
      success: true,
      data: { owner_id: uid.sam },
    });
    expect((await post('admin', `${S}/save`, body({ name: 'Admin’s' }))).json()).toMatchObject({ success: true });
  });

  it('refuses to change or resume a schedule once its owner has lost the permission; a pause is still allowed', async () => {
    const saved = (await post('sam', `${S}/save`, body({ name: 'Sam’s weekly', cron: '0 9 * * 1' }))).json().data;
    await createRule([uid.mia!]);
    try {
      const before = await stored();
      const edit = await post('sam', `${S}/save`, body({ id: saved.id, name: 'Changed', cron: '0 10 * * 1' }));
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toEqual({ success: false, message: REFUSED });
      expect(await stored()).toEqual(before);
      expect((await post('sam', `${S}/action`, { schedule_id: saved.id, status: 'pause' })).json()).toMatchObject({
        success: true,
        data: { status: 'Paused' },
      });
      const resume = await post('sam', `${S}/action`, { schedule_id: saved.id, status: 'resume' });
      expect(resume.statusCode).toBe(403);
      expect(resume.json()).toEqual({ success: false, message: REFUSED });
      const row = await o.tdb
        .selectFrom('schedules')
        .select('status')
        .where('id', '=', saved.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('Paused');
    } finally {
      await createRule([uid.sam!]);
    }
  });

  it('creates nothing when the owner has lost the permission by the time the schedule runs', async () => {
    // Only this test's schedule may be due in the ticks below.
    await o.tdb.deleteFrom('schedule_runs').execute();
    await o.tdb.deleteFrom('schedules').execute();
    await o.t.db.system.deleteFrom('schedule_leases').execute();
    const saved = (await post('sam', `${S}/save`, body({ name: 'Runs daily', cron: '30 6 * * *' }))).json().data;
    const due = new Date(saved.next_run_on as string);
    // While Sam may create, a run makes a record (so the refusal below is not vacuous).
    const first = new Date(due.getTime() + 1000);
    const before = (await records()).length;
    expect(await o.t.app.scheduler.tick(first)).toBe(1);
    expect((await records()).length).toBe(before + 1);

    await createRule([uid.mia!]);
    const made = (await records()).length;
    const next = new Date(
      (await o.t.app.inject({ url: `${S}/${saved.id}/detail`, headers: bearer(tok.sam!, A) })).json().data.next_run_on,
    );
    expect(next.getTime()).toBeGreaterThan(due.getTime());
    const at = new Date(next.getTime() + 1000);
    expect(await o.t.app.scheduler.tick(at)).toBe(0);
    expect((await records()).length).toBe(made);
    const runs = await o.tdb
      .selectFrom('schedule_runs')
      .select(['status', 'message', 'record_id', 'created_on'])
      .where('schedule_id', '=', saved.id)
      .orderBy('created_on')
      .execute();
    expect(runs.at(-1)).toMatchObject({
      status: 'Failed',
      message: REFUSED,
      record_id: null,
      created_on: at.toISOString(),
    });
    // The schedule stays and moves on to its next slot; it runs again once the owner may create records again.
    const after = (await o.t.app.inject({ url: `${S}/${saved.id}/detail`, headers: bearer(tok.sam!, A) })).json().data;
    expect(after.status).toBe('Active');
    expect(new Date(after.next_run_on).getTime()).toBeGreaterThan(next.getTime());
    await createRule([uid.sam!]);
    expect(await o.t.app.scheduler.tick(new Date(new Date(after.next_run_on).getTime() + 1000))).toBe(1);
    expect((await records()).length).toBe(made + 1);
  });
});
