import { beforeAll, describe, expect, it } from 'vitest';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';
import type { WorkflowDefinition } from '../../schemas/workflow-definition.js';
import { migrateBatch } from '../../src/server/engine/migrate-batch.js';
import { authUserOf } from '../../src/server/identity/user-info.js';
import { settleInbox } from '../../src/server/audit/chain.js';

const P = '/api/process-console';

describe.each(await testDialects())('process console on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', 'mia', 'fin', 'rex', 'gone']);
  const { id } = o;
  let moduleId = '';
  let v1: WorkflowDefinition;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely in assertions
  const ok = async (r: Promise<{ json(): any; body: string }>) => {
    const res = await r;
    expect(res.json(), res.body).toMatchObject({ success: true });
    return res.json().data;
  };
  const submit = (data: Record<string, unknown> = {}) =>
    ok(
      o.post('sam', '/api/EntryModule/submit', {
        moduleId,
        data: { title: 'Trip', amount: 5000, manager: id.mia, ...data },
      }),
    ).then((d) => d.recordId as string);
  const record = (rid: string) =>
    o.tdb.selectFrom('records').selectAll().where('id', '=', rid).executeTakeFirstOrThrow();
  const open = (rid: string) =>
    o.tdb.selectFrom('tasks').selectAll().where('record_id', '=', rid).where('status', '=', 'In Progress').execute();
  const list = (filter: object) => ok(o.post('admin', `${P}/instances`, filter));
  const act = (rid: string, action: string, body: object = {}) =>
    o.post('admin', `${P}/instances/${rid}/${action}`, body);
  const publish = async (wf: WorkflowDefinition) => {
    await ok(o.post('admin', `/api/form/Editor/SaveForm?id=${moduleId}`, { module: expenseClaim, workflow: wf }));
    return (await ok(o.post('admin', `/api/form/Editor/publish?id=${moduleId}`))).version as number;
  };
  const setStatus = (user: string, status: 'active' | 'inactive') =>
    o.tdb.updateTable('users').set({ status }).where('id', '=', id[user]!).execute();

  beforeAll(async () => {
    moduleId = (await ok(o.post('admin', '/api/form/Editor/CreateProcessFromScratch', { name: 'Claims' }))).id;
    v1 = claimWorkflow({ finance: [id.fin!] });
    await publish(v1);
  });

  it('lists instances across apps with filters and keyset pages', async () => {
    const a = await submit({ title: 'A' });
    const b = await submit({ title: 'B', amount: 10 });
    await ok(o.post('mia', '/api/EntryModule/approve', { taskId: (await open(b))[0]!.id, accepted: true }));
    const all = await list({ moduleId });
    expect(all.data.map((r: { recordId: string }) => r.recordId)).toEqual([b, a]);
    expect(all.data[0]).toMatchObject({ status: 'Completed', outcome: 'Approved', appName: 'Claims' });
    expect(all.data[1]).toMatchObject({ status: 'Running', step: 'Manager approval', initiatorName: 'sam' });
    expect((await list({ moduleId, status: 'Running' })).data.map((r: { recordId: string }) => r.recordId)).toEqual([
      a,
    ]);
    expect((await list({ moduleId, outcome: 'Approved' })).recordsTotal).toBe(1);
    expect((await list({ moduleId, step: 'manager' })).data[0].recordId).toBe(a);
    expect((await list({ initiatorId: id.mia })).recordsTotal).toBe(0);
    expect((await list({ startedBefore: '2000-01-01' })).recordsTotal).toBe(0);
    expect((await list({ startedAfter: '2000-01-01', moduleId })).recordsTotal).toBe(2);
    const first = await list({ moduleId, length: 1 });
    expect(first.nextCursor).toBeTruthy();
    const second = await list({ moduleId, length: 1, cursor: first.nextCursor });
    expect(second.data[0].recordId).toBe(a);
    expect(second.nextCursor).toBeNull();
    const bad = await o.post('admin', `${P}/instances`, { status: 'Sleeping' });
    expect(bad.statusCode).toBe(400);
  });

  it('retries a faulted step once its cause is fixed and the process goes on', async () => {
    await setStatus('gone', 'inactive');
    const rid = await submit({ manager: id.gone });
    expect((await record(rid)).workflow_status).toBe('Faulted');
    const faulted = await list({ moduleId, status: 'Faulted' });
    expect(faulted.data.map((r: { recordId: string }) => r.recordId)).toContain(rid);
    const detail = await ok(o.get('admin', `${P}/instances/${rid}`));
    expect(detail.fault).toBeTruthy();
    expect(detail.history.map((h: { action: string }) => h.action)).toContain('Faulted');
    expect(detail.data.secret).toBeUndefined();
    expect(detail.data.title).toBe('Trip');
    expect((await act(rid, 'cancel', {})).statusCode).toBe(200);
    const again = await submit({ manager: id.gone });
    await setStatus('gone', 'active');
    const retried = await ok(act(again, 'retry'));
    expect(retried).toMatchObject({ changed: true, workflow_status: 'Submitted' });
    expect((await open(again)).map((t) => [t.activity_id, t.assignee_id])).toEqual([['manager', id.gone]]);
    expect((await act(again, 'retry')).statusCode).toBe(409);
    const inst = await o.tdb
      .selectFrom('workflow_instances')
      .select(['status', 'fault'])
      .where('record_id', '=', again)
      .executeTakeFirstOrThrow();
    expect(inst).toEqual({ status: 'Running', fault: null });
  });

  it('moves, reassigns and cancels a process, each audited', async () => {
    const rid = await submit();
    const moved = await ok(act(rid, 'move', { activityId: 'finance', message: 'skip' }));
    expect(moved.changed).toBe(true);
    expect((await open(rid)).map((t) => [t.activity_id, t.assignee_id])).toEqual([['finance', id.fin]]);
    expect((await act(rid, 'move', { activityId: 'nowhere' })).statusCode).toBe(400);
    await ok(act(rid, 'reassign', { userId: id.rex }));
    expect((await open(rid)).map((t) => t.assignee_id)).toEqual([id.rex]);
    expect((await ok(act(rid, 'reassign', { userId: id.rex }))).changed).toBe(false);
    await ok(act(rid, 'cancel', { message: 'duplicate' }));
    const r = await record(rid);
    expect(r).toMatchObject({ workflow_status: 'Withdrawn', is_draft: 1 });
    expect(await open(rid)).toEqual([]);
    expect((await act(rid, 'cancel')).statusCode).toBe(409);
    await settleInbox(o.tdb);
    const audited = await o.tdb
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', rid)
      .where('action', 'like', 'process.%')
      .execute();
    expect(audited.map((x) => x.action).sort()).toEqual(['process.cancel', 'process.move']);
  });

  it('previews and migrates running processes to the newest version', async () => {
    const atManager = await submit();
    const atFinance = await submit();
    await ok(o.post('mia', '/api/EntryModule/approve', { taskId: (await open(atFinance))[0]!.id, accepted: true }));
    // Version 2 renames the manager step.
    const v2 = JSON.parse(JSON.stringify(v1).replaceAll('"manager"', '"lead"')) as WorkflowDefinition;
    v2.activities.find((a) => a.activityId === 'lead')!.properties!.approvers = [{ type: 'user', id: id.mia }];
    const newest = await publish(v2);
    const preview = await ok(o.get('admin', `${P}/migration-preview?moduleId=${moduleId}`));
    expect(preview.newestVersion).toBe(newest);
    const manager = preview.groups.find((g: { stepId: string }) => g.stepId === 'manager');
    const finance = preview.groups.find((g: { stepId: string }) => g.stepId === 'finance');
    expect(manager).toMatchObject({ exists: false });
    expect(finance).toMatchObject({ exists: true });
    expect(preview.needMapping).toBeGreaterThanOrEqual(1);
    expect(preview.targets.map((t: { activityId: string }) => t.activityId)).toContain('lead');
    const financeTask = (await open(atFinance))[0]!;
    await ok(act(atFinance, 'migrate'));
    expect((await record(atFinance)).module_version).toBe(newest);
    expect((await open(atFinance)).map((t) => t.id)).toEqual([financeTask.id]);
    expect((await act(atManager, 'migrate')).statusCode).toBe(409);
    await ok(act(atManager, 'migrate', { mapping: { manager: 'lead' } }));
    expect((await open(atManager)).map((t) => [t.activity_id, t.assignee_id])).toEqual([['lead', id.mia]]);
    const inst = await o.tdb
      .selectFrom('workflow_instances')
      .select('module_version')
      .where('record_id', '=', atManager)
      .where('status', '=', 'Running')
      .executeTakeFirstOrThrow();
    expect(inst.module_version).toBe(newest);
    // The task decided on the new version goes on there.
    await ok(o.post('mia', '/api/EntryModule/approve', { taskId: (await open(atManager))[0]!.id, accepted: true }));
    expect((await open(atManager)).map((t) => t.activity_id)).toEqual(['finance']);
  });

  it('runs a bulk job with progress, pause, resume and cancel', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await submit({ title: `bulk ${i}` }));
    const filter = { moduleId, status: 'Running' };
    const job = await ok(o.post('admin', `${P}/jobs`, { kind: 'cancel', filter, paused: true }));
    expect(job).toMatchObject({ status: 'paused', done: 0 });
    expect(job.total).toBeGreaterThanOrEqual(5);
    await o.t.app.processJobs.pass();
    expect((await ok(o.get('admin', `${P}/jobs/${job.id}`))).done).toBe(0);
    expect((await o.post('admin', `${P}/jobs/${job.id}/pause`)).statusCode).toBe(409);
    await ok(o.post('admin', `${P}/jobs/${job.id}/resume`));
    const finished = await settled(job.id);
    expect(finished).toMatchObject({ status: 'done', done: job.total, failed: 0 });
    for (const rid of ids) expect((await record(rid)).workflow_status).toBe('Withdrawn');
    const other = await submit();
    const stopped = await ok(o.post('admin', `${P}/jobs`, { kind: 'cancel', filter, paused: true }));
    await ok(o.post('admin', `${P}/jobs/${stopped.id}/cancel`));
    await o.t.app.processJobs.pass();
    expect(await ok(o.get('admin', `${P}/jobs/${stopped.id}`))).toMatchObject({ status: 'cancelled', done: 0 });
    expect((await record(other)).workflow_status).toBe('Submitted');
    expect((await ok(o.get('admin', `${P}/jobs`))).length).toBe(2);
    const none = await o.post('admin', `${P}/jobs`, { kind: 'retry', filter: { moduleId, initiatorId: id.rex } });
    expect(none.statusCode).toBe(400);
    const noUser = await o.post('admin', `${P}/jobs`, { kind: 'reassign', filter });
    expect(noUser.json().message).toBe('Choose the user to reassign to.');
  });

  it('migrates by a bulk job: kept steps stay put, gone ones start where mapped, each audited once', async () => {
    const stays = await submit({ title: 'stays' });
    await ok(o.post('mia', '/api/EntryModule/approve', { taskId: (await open(stays))[0]!.id, accepted: true }));
    const moves = [await submit({ title: 'moves 1' }), await submit({ title: 'moves 2' })];
    const staysTask = (await open(stays))[0]!;
    const from = (await record(stays)).module_version;
    // The next version renames the first approval step (whatever it is called now) to boss.
    const wf = (await ok(o.get('admin', `${P}/migration-preview?moduleId=${moduleId}`))) as { newestVersion: number };
    const at = (await open(moves[0]!))[0]!.activity_id;
    const v = await o.tdb
      .selectFrom('module_versions')
      .select('workflow')
      .where('module_id', '=', moduleId)
      .where('version', '=', wf.newestVersion)
      .executeTakeFirstOrThrow();
    const next = JSON.parse(String(v.workflow).replaceAll(`"${at}"`, '"boss"')) as WorkflowDefinition;
    const newest = await publish(next);
    const job = await ok(
      o.post('admin', `${P}/jobs`, {
        kind: 'migrate',
        filter: { moduleId },
        mapping: { manager: 'boss', lead: 'boss', [at]: 'boss' },
      }),
    );
    const finished = await settled(job.id);
    expect(finished).toMatchObject({ status: 'done' });
    expect(finished.done + finished.failed).toBe(job.total);
    for (const rid of [stays, ...moves]) expect((await record(rid)).module_version).toBe(newest);
    expect((await record(stays)).module_version).toBeGreaterThan(from);
    // Kept: the same open task; gone: a new one at the mapped step.
    expect((await open(stays)).map((t) => t.id)).toEqual([staysTask.id]);
    for (const rid of moves) expect((await open(rid)).map((t) => t.activity_id)).toEqual(['boss']);
    await settleInbox(o.tdb);
    const audited = await o.tdb
      .selectFrom('audit_events')
      .select(['target_id', 'details'])
      .where('action', '=', 'process.migrate')
      .where('target_id', 'in', [stays, ...moves])
      .execute();
    expect(audited.map((a) => a.target_id).sort()).toEqual([stays, ...moves].sort());
    const history = await o.tdb
      .selectFrom('activity_history')
      .select('record_id')
      .where('record_id', 'in', [stays, ...moves])
      .where('action_type', '=', 'Migrate')
      .execute();
    expect(history).toHaveLength(3);
    // A kept process goes on on the new version.
    await ok(o.post('fin', '/api/EntryModule/approve', { taskId: staysTask.id, accepted: true }));
  });

  it('migrates in a batch: an instance approved since the job read it is left to be retried, not overwritten', async () => {
    const rids = [await submit({ title: 'b1' }), await submit({ title: 'b2' }), await submit({ title: 'b3' })];
    const at = (await open(rids[0]!))[0]!.activity_id;
    const seen = await Promise.all(rids.map(async (rid) => ({ id: rid, version: (await record(rid)).version })));
    const wf = (await ok(o.get('admin', `${P}/migration-preview?moduleId=${moduleId}`))) as { newestVersion: number };
    const v = await o.tdb
      .selectFrom('module_versions')
      .select('workflow')
      .where('module_id', '=', moduleId)
      .where('version', '=', wf.newestVersion)
      .executeTakeFirstOrThrow();
    const newest = await publish(JSON.parse(String(v.workflow).replaceAll(`"${at}"`, '"chief"')) as WorkflowDefinition);
    // b2 is approved after the job read it (its version moves on) and before its batch runs.
    await ok(o.post('mia', '/api/EntryModule/approve', { taskId: (await open(rids[1]!))[0]!.id, accepted: true }));
    const approved = await record(rids[1]!);
    const admin = await o.tdb.selectFrom('users').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    const out = await o.tdb.transaction((tx) =>
      migrateBatch(tx, authUserOf(admin, o.tdb.tenantId), { records: seen, mapping: { [at]: 'chief' } }),
    );
    expect(out.retry).toEqual([rids[1]]);
    expect(out.done.sort()).toEqual([rids[0], rids[2]].sort());
    expect(await record(rids[1]!)).toMatchObject({
      version: approved.version,
      module_version: approved.module_version,
    });
    for (const i of [0, 2]) {
      const rid = rids[i]!;
      expect(await record(rid)).toMatchObject({ module_version: newest, version: seen[i]!.version + 1 });
      expect((await open(rid)).map((t) => t.activity_id)).toEqual(['chief']);
    }
    // A job takes b2 from where the approval left it; every instance has one Migrate entry and one audit entry.
    const job = await ok(
      o.post('admin', `${P}/jobs`, { kind: 'migrate', filter: { moduleId }, mapping: { [at]: 'chief' } }),
    );
    expect(await settled(job.id)).toMatchObject({ status: 'done' });
    expect((await record(rids[1]!)).module_version).toBe(newest);
    const history = await o.tdb
      .selectFrom('activity_history')
      .select(['record_id', 'action_type'])
      .where('record_id', 'in', rids)
      .where('action_type', 'in', ['Migrate', 'Approve'])
      .execute();
    const migrated = history.filter((h) => h.action_type === 'Migrate').map((h) => h.record_id);
    expect(migrated.sort()).toEqual([...rids].sort());
    expect(history.filter((h) => h.action_type !== 'Migrate').map((h) => h.record_id)).toEqual([rids[1]]);
    await settleInbox(o.tdb);
    const audited = await o.tdb
      .selectFrom('audit_events')
      .select('target_id')
      .where('action', '=', 'process.migrate')
      .where('target_id', 'in', rids)
      .execute();
    expect(audited.map((a) => a.target_id).sort()).toEqual([...rids].sort());
  });

  it('leaves a job another node holds alone and takes it up once that node is gone', async () => {
    const rid = await submit({ title: 'orphan' });
    const job = await ok(
      o.post('admin', `${P}/jobs`, { kind: 'cancel', filter: { moduleId, status: 'Running' }, paused: true }),
    );
    const later = new Date(Date.now() + 60_000).toISOString();
    await o.tdb
      .updateTable('process_jobs')
      .set({ status: 'running', lease_until: later })
      .where('id', '=', job.id)
      .execute();
    await o.t.app.processJobs.pass();
    expect((await ok(o.get('admin', `${P}/jobs/${job.id}`))).done).toBe(0);
    // The holder stopped: its lease runs out and the job resumes from its cursor.
    await o.tdb
      .updateTable('process_jobs')
      .set({ lease_until: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', job.id)
      .execute();
    expect(await settled(job.id)).toMatchObject({ status: 'done', done: job.total });
    expect((await record(rid)).workflow_status).toBe('Withdrawn');
  });

  /** Works the job here (a node's own worker may be at it too: the lease keeps one at a time) until it ends. */
  async function settled(jobId: string) {
    for (let i = 0; i < 100; i++) {
      await o.t.app.processJobs.pass();
      const j = await ok(o.get('admin', `${P}/jobs/${jobId}`));
      if (j.status !== 'running') return j;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the job did not end');
  }

  it('shows the dashboard', async () => {
    const rid = await submit();
    await submit();
    await ok(o.post('mia', '/api/EntryModule/approve', { taskId: (await open(rid))[0]!.id, accepted: true }));
    const d = await ok(o.get('admin', `${P}/dashboard?days=7`));
    expect(d.days).toHaveLength(7);
    expect(d.days.at(-1).started).toBeGreaterThan(0);
    expect(d.byStatus.find((s: { status: string }) => s.status === 'Running').count).toBeGreaterThan(0);
    expect(d.slowest[0]).toMatchObject({ appName: 'Claims' });
  });

  it('exports a workflow as Elsa JSON and imports it into another app', async () => {
    const elsa = await ok(o.get('admin', `/api/Elsa/workflow-definitions/${moduleId}?source=published`));
    expect(elsa.activities[0]).toMatchObject({ activityId: 'start', type: 'StartProcess' });
    expect(elsa.activities[1].properties[0]).toMatchObject({ syntax: 'Literal' });
    const other = (await ok(o.post('admin', '/api/form/Editor/CreateProcessFromScratch', { name: 'Copy' }))).id;
    await ok(o.post('admin', `/api/form/Editor/SaveForm?id=${other}`, { module: expenseClaim }));
    const made = await ok(o.post('admin', '/api/Elsa/workflow-definitions', { moduleId: other, definition: elsa }));
    expect(made).toMatchObject({ activities: 5, connections: 5 });
    const back = await ok(o.get('admin', `/api/Elsa/workflow-definitions/${other}`));
    expect(back.activities).toEqual(elsa.activities);
    expect(back.connections).toEqual(elsa.connections);
    const broken = await o.post('admin', '/api/Elsa/workflow-definitions', {
      moduleId: other,
      definition: {
        activities: [{ activityId: 'a', type: 'StartProcess' }],
        connections: [{ sourceActivityId: 'a', targetActivityId: 'z' }],
      },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/missing activity z/);
    expect(
      (await o.post('admin', '/api/Elsa/workflow-definitions', { moduleId: other, definition: 'nope' })).statusCode,
    ).toBe(400);
  });
});
