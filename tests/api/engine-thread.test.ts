import { beforeAll, describe, expect, it } from 'vitest';
import { WriteLock } from '../../src/server/db/write-lock.js';
import type { WriterThreadTransitions } from '../../src/server/engine/thread/writer-client.js';
import { bearer } from '../support/auth.js';
import { publishApp, startOffice, useOffice } from '../support/office.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

const A = 'acme.localhost';

// SQLite runs workflow actions on a writer thread of its own; these tests are about that thread.
describe('workflow actions on the writer thread (SQLite)', () => {
  const o = useOffice('sqlite', ['sam', 'mia', 'fin'], { signIn: ['admin', 'sam', 'mia'] });
  const { id, tok } = o;
  let moduleId = '';

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Claims', expenseClaim, claimWorkflow({ finance: [id.fin!] }));
  });

  function post(url: string, who: string, payload: object = {}) {
    return o.t.app.inject({ method: 'POST', url, headers: bearer(tok[who]!, A), payload });
  }
  async function submitClaim() {
    const r = await post('/api/EntryModule/submit', 'sam', {
      moduleId,
      data: { title: 'Taxi', amount: 20, manager: id.mia },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const recordId = r.json().data.recordId as string;
    const task = await o.tdb
      .selectFrom('tasks')
      .select('id')
      .where('record_id', '=', recordId)
      .where('assignee_id', '=', id.mia!)
      .executeTakeFirstOrThrow();
    return { recordId, taskId: task.id };
  }

  it('answers 503 for an action in flight when the thread ends, stores nothing of it, and starts anew', async () => {
    const { recordId, taskId } = await submitClaim();
    const runner = o.t.ctx.transitions as WriterThreadTransitions;
    const thread = runner.thread();
    expect(thread).toBeDefined();
    // Hold the file's write lock from this side, so the approval is surely still waiting when the thread ends.
    const lock = new WriteLock(o.t.db.writeLock!, 0);
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
    const before = await o.tdb
      .selectFrom('tasks')
      .select(['status', 'version'])
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(before.status).toBe('In Progress');

    const again = await post('/api/EntryModule/approve', 'mia', { task_id: taskId, accepted: true });
    expect(again.json(), again.body).toMatchObject({ success: true, message: 'The task has been approved.' });
    expect(runner.thread()).not.toBe(thread);
    const history = await o.tdb
      .selectFrom('activity_history')
      .select('action_type')
      .where('record_id', '=', recordId)
      .execute();
    expect(history.filter((h) => h.action_type === 'Approve')).toHaveLength(1);
  });

  it('keeps answering what the main thread reads right after an action on the thread', async () => {
    const { recordId, taskId } = await submitClaim();
    const badge = async () =>
      (await o.t.app.inject({ url: '/api/Task/total', headers: bearer(tok.mia!, A) })).json().data as number;
    const open = await badge();
    expect(open).toBeGreaterThan(0);
    // The badge answer is reused while nothing changes; the thread's commit must end that at once.
    expect(await badge()).toBe(open);
    const r = await post('/api/EntryModule/approve', 'mia', { task_id: taskId, accepted: true });
    expect(r.json().success).toBe(true);
    expect(await badge()).toBe(open - 1);
    const rec = await o.tdb
      .selectFrom('records')
      .select('workflow_status')
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
    expect(rec.workflow_status).not.toBe('Submitted');
  });
});

describe('workflow actions on the main thread (SQLite, ENGINE_THREAD=off)', () => {
  it('submits and approves with no writer thread, sharing commits on the main thread', async () => {
    const o = await startOffice('sqlite', ['mia', 'fin'], { env: { ENGINE_THREAD: 'off' }, signIn: ['admin', 'mia'] });
    const { t, tdb, post: as } = o;
    const post = (url: string, who: string, payload: object = {}) => as(who, url, payload);
    const mia = o.id.mia!;
    try {
      const moduleId = await publishApp(o, 'Claims', expenseClaim, claimWorkflow({ finance: [o.id.fin!] }));
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
