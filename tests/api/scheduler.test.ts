import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/database.js';
import { bearer } from '../support/auth.js';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

const A = 'acme.localhost';
const B = 'bravo.localhost';

describe.each(await testDialects())('record schedules on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', 'mia'], { bravo: true });
  const { id, tok } = o;
  let moduleId = '';
  let scheduleId = '';
  const others: { app: FastifyInstance; db: Database }[] = [];

  const post = (url: string, who: string, payload: unknown = {}) =>
    o.t.app.inject({
      method: 'POST',
      url,
      headers: bearer(tok[who]!, who === 'bravo' ? B : A),
      payload: payload as object,
    });
  const get = (url: string, who: string) =>
    o.t.app.inject({ url, headers: bearer(tok[who]!, who === 'bravo' ? B : A) });
  /** Another server node on the same database (its own pool, its own scheduler). */
  async function node() {
    const db = openDatabase(o.t.config);
    const { app } = await buildApp({ config: o.t.config, db, logger: false });
    others.push({ app, db });
    return app;
  }
  const runs = () =>
    o.tdb.selectFrom('schedule_runs').selectAll().where('schedule_id', '=', scheduleId).orderBy('created_on').execute();
  const records = () =>
    o.tdb.selectFrom('records').select(['id', 'is_draft', 'created_by']).where('module_id', '=', moduleId).execute();
  const dueOf = async () =>
    new Date((await get(`/api/TaskScheduler/${scheduleId}/detail`, 'sam')).json().data.next_run_on as string);

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Expense claims', expenseClaim, claimWorkflow({ finance: [id.mia!] }));
  });
  afterAll(async () => {
    for (const o of others) {
      await o.app.close();
      await o.db.close();
    }
    await o.t?.close();
  });

  it('validates and saves a schedule with its next run in its time zone', async () => {
    const save = (extra: object) =>
      post('/api/TaskScheduler/save', 'sam', {
        moduleId,
        name: 'Weekly claim',
        cron: '*/5 * * * *',
        timeZone: 'Europe/Berlin',
        data: { title: 'Mileage', amount: 12, manager: id.mia },
        ...extra,
      });
    expect((await save({ cron: '61 * * * *' })).json().message).toBe(
      'Schedule is not valid: Invalid value for minute: 61',
    );
    expect((await save({ timeZone: 'Mars/Olympus' })).json().message).toBe("Unknown time zone 'Mars/Olympus'.");
    expect((await save({ name: '' })).json().message).toBe('Name is required');
    const ok = await save({});
    expect(ok.json(), ok.body).toMatchObject({
      success: true,
      data: { status: 'Active', timeZone: 'Europe/Berlin', submit: true },
    });
    scheduleId = ok.json().data.id;
    const next = new Date(ok.json().data.next_run_on);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getUTCMinutes() % 5).toBe(0);
    const listed = (await post('/api/TaskScheduler/datatables', 'sam', { moduleId })).json().data;
    expect(listed).toMatchObject({ recordsTotal: 1, page: 1, length: 10 });
  });

  it('runs each slot once with two nodes on one database, and the slot row is the backstop', async () => {
    const second = await node();
    const due = await dueOf();
    const at = new Date(due.getTime() + 1000);
    const [a, b] = await Promise.all([o.t.app.scheduler.tick(at), second.scheduler.tick(at)]);
    expect(a + b).toBe(1);
    expect(await records()).toHaveLength(1);
    expect((await records())[0]).toMatchObject({ is_draft: 0, created_by: id.sam });
    expect((await runs()).map((r) => r.status)).toEqual(['Succeeded']);
    // A node whose lease had expired mid-run comes back for the same slot: nothing new is created.
    await o.t.db.system
      .updateTable('schedule_leases')
      .set({ due_on: due.toISOString(), lease_owner: null, lease_until: null })
      .where('schedule_id', '=', scheduleId)
      .execute();
    expect(await second.scheduler.tick(at)).toBe(0);
    expect(await records()).toHaveLength(1);
    expect(await runs()).toHaveLength(1);
    expect((await dueOf()).getTime()).toBeGreaterThan(due.getTime());
  });

  it('survives a restart: a node started later runs the next slot', async () => {
    await others[0]!.app.close();
    const third = await node();
    const due = await dueOf();
    expect(await third.scheduler.tick(new Date(due.getTime() + 1000))).toBe(1);
    expect(await records()).toHaveLength(2);
  });

  it('pauses and resumes; shows its runs newest first with page 1 and length 10 by default', async () => {
    expect(
      (await post('/api/TaskScheduler/action', 'sam', { schedule_id: scheduleId, status: 'pause' })).json(),
    ).toMatchObject({ success: true, data: { status: 'Paused', next_run_on: null } });
    expect(await o.t.app.scheduler.tick(new Date(Date.now() + 86_400_000))).toBe(0);
    const resumed = (
      await post('/api/TaskScheduler/action', 'sam', { schedule_id: scheduleId, status: 'resume' })
    ).json();
    expect(resumed.data.status).toBe('Active');
    expect(
      (await post('/api/TaskScheduler/action', 'sam', { schedule_id: scheduleId, status: 'stop' })).json().message,
    ).toBe("status must be 'pause' or 'resume'.");
    const acts = (await post('/api/TaskScheduler/activities', 'sam', { schedule_id: scheduleId })).json().data;
    expect(acts).toMatchObject({ page: 1, length: 10, recordsTotal: 2 });
    expect(acts.data[0].status).toBe('Succeeded');
    // The same history by GET, its page and length from the query string.
    const byGet = (await get(`/api/TaskScheduler/activities?schedule_id=${scheduleId}&page=2&length=1`, 'sam')).json();
    expect(byGet.data).toMatchObject({ page: 2, length: 1, recordsTotal: 2 });
    expect(byGet.data.data).toHaveLength(1);
    const bad = await post('/api/TaskScheduler/datatables', 'sam', { moduleId, length: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'length must be one of 10, 20, 25, 50, 100.' });
  });

  it('records a failed run with the reason', async () => {
    await post('/api/TaskScheduler/save', 'sam', {
      id: scheduleId,
      moduleId,
      name: 'Broken',
      // Minute 7 is never one of the five-minute slots that already ran (a slot runs once per schedule).
      cron: '7 * * * *',
      data: { amount: 5 },
    });
    const due = await dueOf();
    const at = new Date(due.getTime() + 1000);
    expect(await o.t.app.scheduler.tick(at)).toBe(0);
    // Found by its run time: this hourly slot may fall before the five-minute slots that ran earlier.
    const last = (await runs()).find((r) => r.created_on === at.toISOString())!;
    expect(last.status).toBe('Failed');
    expect(last.message).toMatch(/Title/);
  });

  it('keeps schedules to their owner (and administrators), and to their tenant', async () => {
    expect((await get(`/api/TaskScheduler/${scheduleId}/detail`, 'mia')).statusCode).toBe(404);
    expect((await get(`/api/TaskScheduler/${scheduleId}/detail`, 'bravo')).statusCode).toBe(404);
    expect(
      (await post('/api/TaskScheduler/action', 'mia', { schedule_id: scheduleId, status: 'pause' })).statusCode,
    ).toBe(404);
    expect((await post('/api/TaskScheduler/delete', 'bravo', { schedule_id: scheduleId })).statusCode).toBe(404);
    expect((await post('/api/TaskScheduler/datatables', 'mia', {})).json().data.recordsTotal).toBe(0);
    expect((await get(`/api/TaskScheduler/${scheduleId}/detail`, 'admin')).statusCode).toBe(200);
    expect((await post('/api/TaskScheduler/delete', 'sam', { schedule_id: scheduleId })).json().success).toBe(true);
    expect(
      await o.t.db.system.selectFrom('schedule_leases').selectAll().where('schedule_id', '=', scheduleId).execute(),
    ).toEqual([]);
  });
});
