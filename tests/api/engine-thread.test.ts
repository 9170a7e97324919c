import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { WriteLock } from '../../src/server/db/write-lock.js';
import type { WriterThreadTransitions } from '../../src/server/engine/thread/writer-client.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';

// SQLite runs workflow actions on a writer thread of its own; these tests are about that thread.
describe('workflow actions on the writer thread (SQLite)', () => {
  let t: TestApp;
  let tdb: TenantDb;
  const tok: Record<string, string> = {};
  const id: Record<string, string> = {};
  let moduleId = '';

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    const { tenantId } = await t.addTenant('acme', PW);
    tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    for (const u of ['sam', 'mia', 'fin'])
      id[u] = await insertUser(tdb, { username: u, email: `${u}@acme.test`, fullname: u, password: PW });
    for (const u of ['admin', 'sam', 'mia']) tok[u] = await tokenFor(t.app, A, u, PW);
    moduleId = (await post('/api/form/Editor/CreateProcessFromScratch', 'admin', { name: 'Claims' })).json().data.id;
    const saved = await post(`/api/form/Editor/SaveForm?id=${moduleId}`, 'admin', {
      module: expenseClaim,
      workflow: claimWorkflow({ finance: [id.fin!] }),
    });
    expect(saved.json().success).toBe(true);
    expect((await post(`/api/form/Editor/publish?id=${moduleId}`, 'admin', {})).json().success).toBe(true);
  });
  afterAll(() => t?.close());

  function post(url: string, who: string, payload: object = {}) {
    return t.app.inject({ method: 'POST', url, headers: bearer(tok[who]!, A), payload });
  }
  async function submitClaim() {
    const r = await post('/api/EntryModule/submit', 'sam', {
      moduleId,
      data: { title: 'Taxi', amount: 20, manager: id.mia },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const recordId = r.json().data.recordId as string;
    const task = await tdb
      .selectFrom('tasks')
      .select('id')
      .where('record_id', '=', recordId)
      .where('assignee_id', '=', id.mia!)
      .executeTakeFirstOrThrow();
    return { recordId, taskId: task.id };
  }

  it('answers 503 for an action in flight when the thread ends, stores nothing of it, and starts anew', async () => {
    const { recordId, taskId } = await submitClaim();
    const runner = t.ctx.transitions as WriterThreadTransitions;
    const thread = runner.thread();
    expect(thread).toBeDefined();
    // Hold the file's write lock from this side, so the approval is surely still waiting when the thread ends.
    const lock = new WriteLock(t.db.writeLock!, 0);
    await lock.acquire();
    const inFlight = post('/api/EntryModule/approve', 'mia', { task_id: taskId, accepted: true });
    await new Promise((r) => setTimeout(r, 100));
    await thread!.terminate();
    lock.release();
    const failed = await inFlight;
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      success: false,
      message: 'The workflow engine is restarting. Please try again.',
    });
    const before = await tdb
      .selectFrom('tasks')
      .select(['status', 'version'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(before.status).toBe('In Progress');

    const again = await post('/api/EntryModule/approve', 'mia', { task_id: taskId, accepted: true });
    expect(again.json(), again.body).toMatchObject({ success: true, message: 'The task has been approved.' });
    expect(runner.thread()).not.toBe(thread);
    const history = await tdb
      .selectFrom('activity_history')
      .select('action_type')
      .where('record_id', '=', recordId)
      .execute();
    expect(history.filter((h) => h.action_type === 'Approve')).toHaveLength(1);
  });

  it('keeps answering what the main thread reads right after an action on the thread', async () => {
    const { recordId, taskId } = await submitClaim();
    const badge = async () =>
      (await t.app.inject({ url: '/api/Task/total', headers: bearer(tok.mia!, A) })).json().data as number;
    const open = await badge();
    expect(open).toBeGreaterThan(0);
    // The badge answer is reused while nothing changes; the thread's commit must end that at once.
    expect(await badge()).toBe(open);
    const r = await post('/api/EntryModule/approve', 'mia', { task_id: taskId, accepted: true });
    expect(r.json().success).toBe(true);
    expect(await badge()).toBe(open - 1);
    const rec = await tdb
      .selectFrom('records')
      .select('workflow_status')
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
    expect(rec.workflow_status).not.toBe('Submitted');
  });
});

describe('workflow actions on the main thread (SQLite, ENGINE_THREAD=off)', () => {
  it('submits and approves with no writer thread, sharing commits on the main thread', async () => {
    const t = await startTestApp('sqlite', { ENGINE_THREAD: 'off' });
    try {
      const { tenantId } = await t.addTenant('acme', PW);
      const tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
      const mia = await insertUser(tdb, { username: 'mia', email: 'mia@acme.test', fullname: 'Mia', password: PW });
      const fin = await insertUser(tdb, { username: 'fin', email: 'fin@acme.test', fullname: 'Fin', password: PW });
      const tok = { admin: await tokenFor(t.app, A, 'admin', PW), mia: await tokenFor(t.app, A, 'mia', PW) };
      const post = (url: string, who: keyof typeof tok, payload: object = {}) =>
        t.app.inject({ method: 'POST', url, headers: bearer(tok[who], A), payload });
      const moduleId = (await post('/api/form/Editor/CreateProcessFromScratch', 'admin', { name: 'Claims' })).json()
        .data.id as string;
      await post(`/api/form/Editor/SaveForm?id=${moduleId}`, 'admin', {
        module: expenseClaim,
        workflow: claimWorkflow({ finance: [fin] }),
      });
      expect((await post(`/api/form/Editor/publish?id=${moduleId}`, 'admin')).json().success).toBe(true);
      const submitted = await post('/api/EntryModule/submit', 'admin', {
        moduleId,
        data: { title: 'Hotel', amount: 80, manager: mia },
      });
      expect(submitted.json(), submitted.body).toMatchObject({ success: true });
      expect('thread' in t.ctx.transitions).toBe(false);
      const task = await tdb
        .selectFrom('tasks')
        .select('id')
        .where('record_id', '=', submitted.json().data.recordId)
        .where('assignee_id', '=', mia)
        .executeTakeFirstOrThrow();
      const approved = await post('/api/EntryModule/approve', 'mia', { task_id: task.id, accepted: true });
      expect(approved.json()).toMatchObject({ success: true, data: { outcome: 'Approved' } });
      expect(await t.ctx.outbox.drain()).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
