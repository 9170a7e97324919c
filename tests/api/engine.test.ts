import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/auth.js';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';
import { sweepReminders } from '../../src/server/engine/reminders.js';

const A = 'acme.localhost';
const B = 'bravo.localhost';

describe.each(await testDialects())('workflow engine on %s', (dialect) => {
  const o = useOffice(
    dialect,
    [
      { username: 'sam', fullname: 'Sam Staff' },
      { username: 'mia', fullname: 'Mia Manager' },
      { username: 'max', fullname: 'Max Manager' },
      { username: 'fin', fullname: 'Fin Finance' },
      { username: 'flo', fullname: 'Flo Finance' },
    ],
    { bravo: true },
  );
  const { id, tok } = o;
  let moduleId = '';

  beforeAll(async () => {
    // A finance team with Flo in it (teams come from the people feature's tables).
    const now = new Date().toISOString();
    await o.tdb
      .insertInto('teams', {
        id: 'team-fin',
        name: 'Finance',
        created_by: id.admin!,
        created_on: now,
        modified_on: now,
      })
      .execute();
    await o.tdb.insertInto('team_members', { team_id: 'team-fin', user_id: id.flo!, added_on: now }).execute();

    const created = await post('/api/form/Editor/CreateProcessFromScratch', 'admin', { name: 'Expense claims' });
    moduleId = created.json().data.id;
    await publish(claimWorkflow({ extraManagers: [id.max!], finance: [id.fin!], financeTeam: 'team-fin' }));
    const tpl = await post('/api/form/Editor/updateEmailTemplate', 'admin', {
      moduleId,
      templates: { submit: { subject: 'Claim {title} needs you', body: 'Hello {assignee_name}, see {task_link}' } },
    });
    expect(tpl.json().success).toBe(true);
  });

  function post(url: string, who: string, payload: unknown = {}, host = A) {
    return o.t.app.inject({
      method: 'POST',
      url,
      headers: bearer(tok[who]!, who === 'bravo' ? B : host),
      payload: payload as object,
    });
  }
  const get = (url: string, who: string) =>
    o.t.app.inject({ url, headers: bearer(tok[who]!, who === 'bravo' ? B : A) });
  async function publish(wf: object) {
    expect(
      (await post(`/api/form/Editor/SaveForm?id=${moduleId}`, 'admin', { module: expenseClaim, workflow: wf })).json()
        .success,
    ).toBe(true);
    const p = await post(`/api/form/Editor/publish?id=${moduleId}`, 'admin', {});
    expect(p.json(), JSON.stringify(p.json())).toMatchObject({ success: true });
    return p.json().data.version as number;
  }
  const submit = async (data: Record<string, unknown>, who = 'sam') => {
    const r = await post('/api/EntryModule/submit', who, {
      moduleId,
      data: { title: 'Trip', amount: 5000, manager: id.mia, secret: 's3', ...data },
    });
    expect(r.json(), JSON.stringify(r.json())).toMatchObject({ success: true });
    return r.json().data as { recordId: string; version: number; instanceId: string };
  };
  const openTasks = (recordId: string) =>
    o.tdb
      .selectFrom('tasks')
      .selectAll()
      .where('record_id', '=', recordId)
      .where('status', '=', 'In Progress')
      .orderBy('assignee_id')
      .execute();
  const taskOf = async (recordId: string, who: string) =>
    (await openTasks(recordId)).find((x) => x.assignee_id === id[who])!;
  const record = (recordId: string) =>
    o.tdb.selectFrom('records').selectAll().where('id', '=', recordId).executeTakeFirstOrThrow();
  const approve = (task: string, who: string, extra: object = {}) =>
    post('/api/EntryModule/approve', who, { task_id: task, accepted: true, ...extra });

  it('runs a two-approval process with an If end to end, with step permissions, history, notifications and mail', async () => {
    const { recordId } = await submit({});
    let tasks = await openTasks(recordId);
    expect(tasks.map((x) => x.assignee_id).sort()).toEqual([id.mia, id.max].sort());
    expect(tasks[0]).toMatchObject({
      activity_id: 'manager',
      activity_title: 'Manager approval',
      task_type: 'Approval',
      assigned_from_user: 'Sam Staff',
    });
    expect(tasks[0]!.due_on).toBeTruthy();

    // Mia's task list: the spec's columns, her task only.
    const list = await post('/api/Task/datatables', 'mia', {
      page: 1,
      length: 10,
      columns: [{ data: 'started_on' }],
      orders: [{ column: 0, dir: 'desc' }],
      search: { value: '' },
      filters: [],
    });
    expect(list.json().data.recordsTotal).toBe(1);
    expect(list.json().data.data[0]).toMatchObject({
      display_name: 'Expense claims',
      activity_title: 'Manager approval',
      task_type: 'Approval',
      assigned_from_user: 'Sam Staff',
      record_started_by: 'Sam Staff',
      record_id: recordId,
    });
    expect((await get('/api/Task/total', 'mia')).json().data).toBe(1);
    const miaTask = list.json().data.data[0].id as string;

    // She reads it under the manager step: the secret is not sent; a write outside her note is refused, nothing saved.
    const detail = (await get(`/api/EntryModule/${recordId}/detail?taskId=${miaTask}`, 'mia')).json().data;
    expect(detail.data.secret).toBeUndefined();
    expect(JSON.stringify(detail.definition)).not.toContain('"secret"');
    expect(detail.access).toMatchObject({
      title: 'readonly',
      manager_note: 'editable',
      finance_note: 'readonly',
      secret: 'hidden',
    });
    expect(detail.actions).toEqual(['approve', 'reject', 'reassign', 'goback']);
    expect(detail.process_status_display).toBe('Running - Submitted');
    const td = (await get(`/api/Task/${miaTask}/detail`, 'mia')).json().data;
    expect(td.record.data.secret).toBeUndefined();
    const refused = await approve(miaTask, 'mia', { data: { title: 'Changed', manager_note: 'fine' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Field Title cannot be changed at this step');
    const hiddenWrite = await approve(miaTask, 'mia', { data: { secret: 'peek' } });
    expect(hiddenWrite.statusCode).toBe(422);
    expect((await record(recordId)).version).toBe(2);
    expect((await openTasks(recordId)).length).toBe(2);

    // Asked twice, the badge answer is reused; after her approval it is not.
    expect((await get('/api/Task/total', 'mia')).body).toBe((await get('/api/Task/total', 'mia')).body);
    const ok = await approve(miaTask, 'mia', { data: { manager_note: 'fine' } });
    expect(ok.json()).toMatchObject({ success: true, data: { outcome: 'Approved' } });
    expect((await get('/api/Task/total', 'mia')).json().data).toBe(0);
    // Max's parallel task is closed; amount > 1000 goes to Finance: Fin by user and Flo through the team.
    tasks = await openTasks(recordId);
    expect(tasks.map((x) => x.assignee_id).sort()).toEqual([id.fin, id.flo].sort());
    expect(tasks.find((x) => x.assignee_id === id.flo)!.team_id).toBe('team-fin');
    expect(tasks[0]!.assigned_from_user).toBe('Mia Manager');
    const maxOld = await o.tdb
      .selectFrom('tasks')
      .selectAll()
      .where('record_id', '=', recordId)
      .where('assignee_id', '=', id.max!)
      .executeTakeFirstOrThrow();
    expect(maxOld).toMatchObject({ status: 'Completed', outcome: 'Cancelled' });
    expect((await approve(maxOld.id, 'max')).statusCode).toBe(409);

    const byTeam = await post('/api/Task/dataTablesByTeamId', 'flo', { teamId: 'team-fin', page: 1, length: 10 });
    expect(byTeam.json().data.data.map((r: { record_id: string }) => r.record_id)).toContain(recordId);
    expect((await post('/api/Task/dataTablesByTeamId', 'mia', { teamId: 'team-fin' })).statusCode).toBe(403);

    const fin = await taskOf(recordId, 'fin');
    const finDetail = (await get(`/api/EntryModule/${recordId}/detail`, 'fin')).json().data;
    expect(finDetail.data.manager_note).toBe('fine');
    expect(finDetail.access.finance_note).toBe('editable');
    expect((await approve(fin.id, 'fin', { data: { manager_note: 'overwritten' } })).statusCode).toBe(422);
    expect((await approve(fin.id, 'fin', { data: { finance_note: 'paid' } })).json().success).toBe(true);

    const done = await record(recordId);
    expect(done.workflow_completed_on).toBeTruthy();
    expect(done.workflow_status).toBe('Completed');
    expect(JSON.parse(done.data)).toMatchObject({ manager_note: 'fine', finance_note: 'paid', secret: 's3' });
    const samView = (await get(`/api/EntryModule/${recordId}/detail`, 'sam')).json().data;
    expect(samView).toMatchObject({
      process_status: 'Completed',
      process_status_display: 'Completed',
      step: 'fs-complete',
    });
    expect((await openTasks(recordId)).length).toBe(0);
    expect(
      (
        await o.tdb
          .selectFrom('workflow_instances')
          .select('status')
          .where('record_id', '=', recordId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('Completed');

    const hist = (await get(`/api/EntryModule/${moduleId}/workflowhistory?recordId=${recordId}`, 'sam')).json().data;
    expect(hist.map((h: { ActionType: string }) => h.ActionType)).toEqual([
      'Submit',
      'Approve',
      'Approve',
      'Completed',
    ]);
    expect(hist[1]).toMatchObject({
      activity_id: 'manager',
      activity_title: 'Manager approval',
      Results: { author_name: 'Mia Manager', accepted: true },
      Assignee: { approver_name: 'Mia Manager' },
      Outcomes: ['Approved'],
    });
    expect(typeof hist[1].Results.created_on).toBe('string');
    expect((await get(`/api/EntryModule/${moduleId}/workflowhistory?recordId=${recordId}`, 'bravo')).statusCode).toBe(
      404,
    );

    // Side effects went to the outbox in the same transactions; the worker turns them into notifications once.
    const mails = await o.tdb.selectFrom('outbox').selectAll().where('kind', '=', 'mail').execute();
    const toMia = mails.map((m) => JSON.parse(m.payload)).find((p) => p.to === 'mia@acme.test');
    expect(toMia).toMatchObject({ subject: 'Claim Trip needs you' });
    expect(toMia.text).toContain(`Hello Mia Manager, see /task-editor/${moduleId}/${recordId}/`);
    await o.t.ctx.outbox.drain();
    await o.t.ctx.outbox.drain();
    const notes = await o.tdb.selectFrom('notifications').selectAll().where('record_id', '=', recordId).execute();
    expect(notes.filter((n) => n.user_id === id.mia && n.notification_type_name === 'submit')).toHaveLength(1);
    expect(notes.find((n) => n.user_id === id.fin)).toMatchObject({
      notification_type_name: 'approve',
      current_step: 'Finance approval',
    });
    expect(
      notes
        .filter((n) => n.user_id === id.sam)
        .map((n) => n.notification_type_name)
        .sort(),
    ).toEqual(['approve', 'approve', 'completed']);
    expect(new Set(notes.map((n) => n.source_key)).size).toBe(notes.length);
  });

  it('takes the False branch of the If and completes after one approval', async () => {
    const { recordId } = await submit({ amount: 20 });
    expect((await approve((await taskOf(recordId, 'mia')).id, 'mia')).json().success).toBe(true);
    expect((await record(recordId)).workflow_status).toBe('Completed');
  });

  it('rejects only with a reason, and a rejection ends the process as rejected', async () => {
    const { recordId } = await submit({});
    const task = await taskOf(recordId, 'mia');
    const noReason = await post('/api/EntryModule/approve', 'mia', { task_id: task.id, accepted: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ success: false, message: 'Please give a reason for the rejection.' });
    const r = await post('/api/EntryModule/approve', 'mia', {
      task_id: task.id,
      accepted: false,
      description: 'No receipts',
    });
    expect(r.json()).toMatchObject({
      success: true,
      message: 'The task has been rejected.',
      data: { outcome: 'Rejected' },
    });
    const rec = await record(recordId);
    expect(rec.workflow_status).toBe('Rejected');
    expect((await get(`/api/EntryModule/${recordId}/detail`, 'sam')).json().data.process_status_display).toBe(
      'Completed - Rejected',
    );
    const hist = (await get(`/api/EntryModule/${moduleId}/workflowhistory?recordId=${recordId}`, 'sam')).json().data;
    expect(hist[1]).toMatchObject({
      ActionType: 'Reject',
      Results: { author_name: 'Mia Manager', message: 'No receipts', accepted: false },
      Outcomes: ['Rejected'],
    });
  });

  it('reassigns (by the assignee, by an administrator, in bulk) with a message', async () => {
    const { recordId } = await submit({});
    const mia = await taskOf(recordId, 'mia');
    const r = await post('/api/EntryModule/reassignment', 'mia', {
      taskId: mia.id,
      userId: id.fin,
      message: 'Please cover for me',
    });
    expect(r.json(), JSON.stringify(r.json())).toMatchObject({ success: true });
    const fin = await taskOf(recordId, 'fin');
    expect(fin).toMatchObject({
      activity_id: 'manager',
      assigned_from_user: 'Mia Manager',
      message: 'Please cover for me',
    });
    expect((await approve(mia.id, 'mia')).statusCode).toBe(409);
    expect((await post('/api/EntryModule/reassignment', 'fin', { taskId: fin.id, userId: id.max })).statusCode).toBe(
      409,
    ); // Max has it already
    // Regular users may not use the administrator routes; administrators may move anyone's task.
    expect(
      (await post('/api/EntryModule/reassignmentByAdmin', 'sam', { taskId: fin.id, userId: id.flo })).statusCode,
    ).toBe(403);
    expect(
      (
        await post('/api/EntryModule/reassignmentByAdmin', 'admin', {
          taskId: fin.id,
          userId: id.flo,
          message: 'Fin is away',
        })
      ).json().success,
    ).toBe(true);
    const flo = await taskOf(recordId, 'flo');
    const max = await taskOf(recordId, 'max');
    const bulk = await post('/api/EntryModule/reassigntasks', 'admin', {
      taskIds: [flo.id, max.id],
      userId: id.mia,
      message: 'Back to Mia',
    });
    expect(bulk.statusCode).toBe(409); // Mia cannot hold the same step twice: all or nothing
    expect((await openTasks(recordId)).map((x) => x.assignee_id).sort()).toEqual([id.flo, id.max].sort());
    expect(
      (
        await post('/api/EntryModule/reassigntasks', 'admin', {
          taskIds: [flo.id],
          userId: id.mia,
          message: 'Back to Mia',
        })
      ).json().success,
    ).toBe(true);
    const hist = (await get(`/api/EntryModule/${moduleId}/workflowhistory?recordId=${recordId}`, 'sam')).json().data;
    expect(
      hist
        .filter((h: { ActionType: string }) => h.ActionType === 'Reassign')
        .map((h: { ApprovalHistory: unknown }) => h.ApprovalHistory),
    ).toEqual([
      { assigned_to: 'Mia Manager', reassigned_to: 'Fin Finance', reAssignedTo: id.fin },
      { assigned_to: 'Fin Finance', reassigned_to: 'Flo Finance', reAssignedTo: id.flo },
      { assigned_to: 'Flo Finance', reassigned_to: 'Mia Manager', reAssignedTo: id.mia },
    ]);
  });

  it('refuses every reassignment when the app has reassignment disabled', async () => {
    const { recordId } = await submit({});
    expect(
      (
        await post(`/api/form/Editor/setmodulereassignment?moduleId=${moduleId}&isReassignmentDisabled=true`, 'admin')
      ).json().success,
    ).toBe(true);
    try {
      const mia = await taskOf(recordId, 'mia');
      for (const [url, who, body] of [
        ['/api/EntryModule/reassignment', 'mia', { taskId: mia.id, userId: id.fin }],
        ['/api/EntryModule/reassignmentByAdmin', 'admin', { taskId: mia.id, userId: id.fin }],
        ['/api/EntryModule/reassigntasks', 'admin', { taskIds: [mia.id], userId: id.fin }],
      ] as const) {
        const r = await post(url, who, body);
        expect(r.statusCode, url).toBe(403);
        expect(r.json()).toEqual({ success: false, message: 'Reassignment is disabled for this app.' });
      }
      expect((await taskOf(recordId, 'mia')).version).toBe(1);
    } finally {
      await post(`/api/form/Editor/setmodulereassignment?moduleId=${moduleId}&isReassignmentDisabled=false`, 'admin');
    }
  });

  it('sends back to an earlier approval step and to the initiator, who resubmits', async () => {
    const { recordId } = await submit({});
    await approve((await taskOf(recordId, 'mia')).id, 'mia');
    const fin = await taskOf(recordId, 'fin');
    expect(
      (await post('/api/EntryModule/goback', 'fin', { taskId: fin.id, goBackToActivityId: 'big', message: 'x' }))
        .statusCode,
    ).toBe(400);
    const back = await post(`/api/EntryModule/goback?taskId=${fin.id}&goBackToActivityId=manager`, 'fin', {
      message: 'Manager, please check the amount',
    });
    expect(back.json(), JSON.stringify(back.json())).toMatchObject({ success: true });
    expect(
      (await o.tdb.selectFrom('tasks').select('status').where('id', '=', fin.id).executeTakeFirstOrThrow()).status,
    ).toBe('Returned');
    expect((await openTasks(recordId)).map((x) => x.assignee_id).sort()).toEqual([id.mia, id.max].sort());
    expect((await record(recordId)).workflow_status).toBe('Sent back');

    const mia = await taskOf(recordId, 'mia');
    const targets = (await get(`/api/EntryModule/${recordId}/detail`, 'mia')).json().data.goBackTargets;
    expect(targets.map((x: { activityId: string }) => x.activityId).sort()).toEqual(['finance', 'start']);
    expect(
      (
        await post('/api/EntryModule/goback', 'mia', {
          taskId: mia.id,
          goBackToActivityId: 'start',
          message: 'Add receipts',
        })
      ).json().success,
    ).toBe(true);
    const resubmit = await taskOf(recordId, 'sam');
    expect(resubmit).toMatchObject({ activity_id: 'start', task_type: 'Resubmit', message: 'Add receipts' });
    await o.t.ctx.outbox.drain();
    const note = await o.tdb
      .selectFrom('notifications')
      .selectAll()
      .where('task_id', '=', resubmit.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ user_id: id.sam, notification_type_name: 'sendback', current_step: 'StartProcess' });
    // The initiator edits under fs-start and resubmits; the process runs from the start again.
    const detail = (await get(`/api/EntryModule/${recordId}/detail`, 'sam')).json().data;
    expect(detail).toMatchObject({ step: 'fs-start', actions: ['approve', 'withdraw', 'reminder', 'restart'] });
    expect((await approve(resubmit.id, 'sam', { data: { amount: 900 } })).json().success).toBe(true);
    expect(JSON.parse((await record(recordId)).data).amount).toBe(900);
    expect((await openTasks(recordId)).map((x) => x.assignee_id).sort()).toEqual([id.mia, id.max].sort());
    const hist = (await get(`/api/EntryModule/${moduleId}/workflowhistory?recordId=${recordId}`, 'sam')).json().data;
    expect(hist.map((h: { ActionType: string }) => h.ActionType)).toEqual([
      'Submit',
      'Approve',
      'SendBack',
      'SendBack',
      'Resubmit',
    ]);
  });

  it('lets only the initiator withdraw; the record becomes a draft that can be resubmitted', async () => {
    const { recordId } = await submit({});
    const w = await post('/api/EntryModule/withdraw', 'mia', { recordId });
    expect(w.statusCode).toBe(403);
    expect(w.json().message).toBe('Only the person who submitted this record can withdraw it.');
    expect((await post('/api/EntryModule/withdraw', 'sam', { recordId, message: 'Wrong month' })).json().success).toBe(
      true,
    );
    const rec = await record(recordId);
    expect(rec).toMatchObject({ is_draft: 1, workflow_status: 'Withdrawn' });
    expect((await openTasks(recordId)).length).toBe(0);
    expect((await get(`/api/EntryModule/${recordId}/detail`, 'sam')).json().data.process_status_display).toBe(
      'Not Started - Withdrawn',
    );
    // An approver who could read it while running cannot edit the draft.
    expect(
      (
        await post('/api/EntryModule/save', 'mia', {
          moduleId,
          recordId,
          version: rec.version,
          data: { title: 'Mine' },
        })
      ).statusCode,
    ).toBe(404);
    const again = await post('/api/EntryModule/submit', 'sam', {
      moduleId,
      recordId,
      version: rec.version,
      data: { title: 'Trip (May)' },
    });
    expect(again.json(), JSON.stringify(again.json())).toMatchObject({ success: true });
    expect((await openTasks(recordId)).length).toBe(2);
  });

  it('sends reminders to the open tasks, from the initiator only', async () => {
    const { recordId } = await submit({});
    expect((await post('/api/EntryModule/reminder', 'max', { recordId })).statusCode).toBe(403);
    const r = await post('/api/EntryModule/reminder', 'sam', { recordId, message: 'Ping' });
    expect(r.json()).toMatchObject({ success: true, data: { reminded: 2 } });
    const rows = await o.tdb.selectFrom('outbox').select('payload').where('kind', '=', 'notification').execute();
    const reminders = rows
      .map((x) => JSON.parse(x.payload))
      .filter((p) => p.event === 'reminder' && p.recordId === recordId);
    expect(reminders.map((p) => p.userId).sort()).toEqual([id.mia, id.max].sort());
  });

  it('restarts a finished process (API version 2.2.0) with a new instance', async () => {
    const { recordId, instanceId } = await submit({ amount: 10 });
    await approve((await taskOf(recordId, 'mia')).id, 'mia');
    expect((await record(recordId)).workflow_completed_on).toBeTruthy();
    expect((await post('/api/EntryModule/workflow/restart', 'mia', { recordId })).statusCode).toBe(403);
    const r = await post('/api/EntryModule/workflow/restart', 'sam', { recordId });
    expect(r.headers['api-version']).toBe('2.2.0');
    expect(r.json()).toMatchObject({
      success: true,
      apiVersion: '2.2.0',
      data: { apiVersion: '2.2.0', workflow_status: 'Restarted' },
    });
    expect(r.json().data.instanceId).not.toBe(instanceId);
    const rec = await record(recordId);
    expect(rec).toMatchObject({
      workflow_completed_on: null,
      workflow_status: 'Restarted',
      workflow_initiator_user: id.sam,
    });
    expect((await openTasks(recordId)).length).toBe(2);
    // Restarting a running process closes its open tasks.
    const admin = await post('/api/EntryModule/workflow/restart', 'admin', { recordId });
    expect(admin.json().success).toBe(true);
    const all = await o.tdb
      .selectFrom('tasks')
      .select(['status', 'outcome'])
      .where('record_id', '=', recordId)
      .execute();
    expect(all.filter((x) => x.outcome === 'Restarted')).toHaveLength(2);
    expect(all.filter((x) => x.status === 'In Progress')).toHaveLength(2);
    const inst = await o.tdb
      .selectFrom('workflow_instances')
      .select('status')
      .where('record_id', '=', recordId)
      .orderBy('started_on')
      .execute();
    expect(inst.map((i) => i.status)).toEqual(['Completed', 'Restarted', 'Running']);
  });

  it('lets exactly one of two racing approvers win; the other gets 409 and nothing is half-done', async () => {
    for (let round = 0; round < 5; round++) {
      const { recordId } = await submit({});
      const [a, b] = [await taskOf(recordId, 'mia'), await taskOf(recordId, 'max')];
      const res = await Promise.all([approve(a.id, 'mia'), approve(b.id, 'max')]);
      expect(res.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = res.find((r) => r.statusCode === 409)!.json();
      expect(loser.success).toBe(false);
      expect(loser.message).toMatch(/already been decided by another approver|changed by someone else/);
      const tasks = await o.tdb
        .selectFrom('tasks')
        .select(['assignee_id', 'status', 'outcome', 'activity_id'])
        .where('record_id', '=', recordId)
        .execute();
      expect(tasks.filter((x) => x.activity_id === 'manager' && x.outcome === 'Approved')).toHaveLength(1);
      expect(tasks.filter((x) => x.activity_id === 'finance' && x.status === 'In Progress')).toHaveLength(2);
      const hist = await o.tdb
        .selectFrom('activity_history')
        .select('action_type')
        .where('record_id', '=', recordId)
        .execute();
      expect(hist.filter((h) => h.action_type === 'Approve')).toHaveLength(1);
      // The same task twice at once: one wins.
      const fin = await taskOf(recordId, 'fin');
      const twice = await Promise.all([approve(fin.id, 'fin'), approve(fin.id, 'fin')]);
      expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    }
  });

  it('keeps a running instance on its version after the workflow is republished', async () => {
    const { recordId } = await submit({ amount: 5000 });
    const before = (await record(recordId)).module_version;
    // v-next: no finance step at all.
    const wf = claimWorkflow({ extraManagers: [id.max!], finance: [id.fin!], condition: 'false' });
    const next = await publish(wf);
    expect(next).toBeGreaterThan(before);
    await approve((await taskOf(recordId, 'mia')).id, 'mia');
    expect((await openTasks(recordId)).map((x) => x.activity_id)).toEqual(['finance', 'finance']);
    const fresh = await submit({ amount: 5000 });
    await approve((await taskOf(fresh.recordId, 'mia')).id, 'mia');
    expect((await record(fresh.recordId)).workflow_status).toBe('Completed');
    expect(
      (
        await o.tdb
          .selectFrom('workflow_instances')
          .select('module_version')
          .where('record_id', '=', fresh.recordId)
          .executeTakeFirstOrThrow()
      ).module_version,
    ).toBe(next);
  });

  it('never lets another user or tenant see or act on a task', async () => {
    const { recordId } = await submit({});
    const mia = await taskOf(recordId, 'mia');
    const notYours = await approve(mia.id, 'sam');
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json()).toEqual({ success: false, message: 'This task is not assigned to you.' });
    expect(
      (await post('/api/EntryModule/goback', 'fin', { taskId: mia.id, goBackToActivityId: 'start' })).statusCode,
    ).toBe(403);
    expect((await post('/api/EntryModule/reassignment', 'fin', { taskId: mia.id, userId: id.fin })).statusCode).toBe(
      403,
    );
    expect((await get(`/api/Task/${mia.id}/detail`, 'sam')).statusCode).toBe(403);
    expect((await post('/api/Task/dataTablesByUserId', 'sam', { userId: id.mia })).statusCode).toBe(403);
    const asAdmin = await post('/api/Task/dataTablesByUserId', 'admin', { userId: id.mia, page: 1, length: 100 });
    expect(asAdmin.json().data.data.map((r: { id: string }) => r.id)).toContain(mia.id);
    // Fin never had a task on this record: it does not exist for him.
    expect((await get(`/api/EntryModule/${recordId}/detail`, 'fin')).statusCode).toBe(404);
    // Another tenant: not found, everywhere.
    expect((await post('/api/EntryModule/approve', 'bravo', { task_id: mia.id, accepted: true })).statusCode).toBe(404);
    expect((await get(`/api/Task/${mia.id}/detail`, 'bravo')).statusCode).toBe(404);
    expect(
      (await post('/api/EntryModule/reassignmentByAdmin', 'bravo', { taskId: mia.id, userId: id.fin })).statusCode,
    ).toBe(404);
    expect((await post('/api/EntryModule/workflow/restart', 'bravo', { recordId })).statusCode).toBe(404);
    expect((await post('/api/EntryModule/withdraw', 'bravo', { recordId })).statusCode).toBe(404);
    expect((await post('/api/Task/datatables', 'bravo', {})).json().data.recordsTotal).toBe(0);
    expect((await taskOf(recordId, 'mia')).version).toBe(1);
  });

  it('answers bad input with a clear message in the envelope', async () => {
    expect((await post('/api/EntryModule/approve', 'mia', { accepted: true })).json()).toEqual({
      success: false,
      message: 'taskId is required.',
    });
    expect((await post('/api/EntryModule/approve', 'mia', { task_id: 'nope', accepted: 'maybe' })).json()).toEqual({
      success: false,
      message: 'accepted must be true or false.',
    });
    expect((await post('/api/EntryModule/approve', 'mia', { task_id: 'nope', accepted: true })).statusCode).toBe(404);
    expect((await post('/api/Task/datatables', 'mia', { orders: [{ column: 'secret', dir: 'asc' }] })).json()).toEqual({
      success: false,
      message: "Cannot sort by 'secret'.",
    });
    const missing = await post('/api/EntryModule/submit', 'sam', { moduleId, data: { amount: 5 } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Title is required');
  });

  it("lists a user's tasks of any status with search and filters (dynamicdatatables)", async () => {
    const done = await post('/api/Task/dynamicdatatables', 'mia', {
      page: 1,
      length: 100,
      filters: [{ field: 'status', operator: 'eq', value: 'Completed' }],
      search: { value: 'expense' },
    });
    const rows = done.json().data.data as { status: string; display_name: string }[];
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((r) => r.status === 'Completed' && r.display_name === 'Expense claims')).toBe(true);
    const none = await post('/api/Task/dynamicdatatables', 'mia', { search: 'no such app' });
    expect(none.json().data).toMatchObject({ data: [], recordsFiltered: 0 });
    expect(none.json().data.recordsTotal).toBeGreaterThan(0);
  });

  it('pages task lists by number the same as one long page, in either order', async () => {
    for (const orders of [[], [{ column: 'started_on', dir: 'asc' }]]) {
      const all = (await post('/api/Task/dynamicdatatables', 'mia', { page: 1, length: 100, orders })).json().data;
      expect(all.data.length).toBeGreaterThan(4);
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(all.data.length / 3); page++) {
        const d = (await post('/api/Task/dynamicdatatables', 'mia', { page, length: 3, orders })).json().data;
        expect(d).toMatchObject({ page, length: 3, recordsTotal: all.recordsTotal });
        paged.push(...(d.data as { id: string; display_name: string }[]).map((t) => `${t.id}:${t.display_name}`));
      }
      expect(paged).toEqual(
        (all.data as { id: string; display_name: string }[]).map((t) => `${t.id}:${t.display_name}`),
      );
    }
  });

  it('faults a process whose step has nobody to ask, and shows it as Faulted', async () => {
    await publish(claimWorkflow({ finance: [id.fin!] }));
    const { recordId } = await submit({ manager: '' });
    const rec = await record(recordId);
    expect(rec.workflow_status).toBe('Faulted');
    expect(rec.workflow_faulted_on).toBeTruthy();
    expect((await get(`/api/EntryModule/${recordId}/detail`, 'sam')).json().data.process_status_display).toBe(
      'Faulted',
    );
    const hist = (await get(`/api/EntryModule/${moduleId}/workflowhistory?recordId=${recordId}`, 'sam')).json().data;
    expect(hist.at(-1)).toMatchObject({
      ActionType: 'Faulted',
      Results: { message: 'No approver is available for Manager approval' },
    });
    expect(
      (
        await o.tdb
          .selectFrom('workflow_instances')
          .select(['status', 'fault'])
          .where('record_id', '=', recordId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('Faulted');
    // The initiator's task history shows where and why it stopped; nothing is left open.
    const faulted = (
      await post('/api/Task/dynamicdatatables', 'sam', {
        filters: [{ field: 'status', operator: 'eq', value: 'Faulted' }],
      })
    ).json().data.data as { record_id: string; activity_title: string; message: string; outcome: string }[];
    expect(faulted.filter((x) => x.record_id === recordId)).toEqual([
      expect.objectContaining({
        activity_title: 'Manager approval',
        message: 'No approver is available for Manager approval',
        outcome: 'Faulted',
      }),
    ]);
    expect(
      await o.tdb
        .selectFrom('tasks')
        .select('id')
        .where('record_id', '=', recordId)
        .where('status', '=', 'In Progress')
        .execute(),
    ).toEqual([]);
  });

  it('sends automatic reminders for Assignments with reminderEveryHours, once per due time', async () => {
    const wf = claimWorkflow({ extraManagers: [id.max!], finance: [id.fin!] });
    (wf.activities[1]!.properties as { reminderEveryHours: number }).reminderEveryHours = 2;
    await publish(wf);
    const { recordId } = await submit({});
    const mia = await taskOf(recordId, 'mia');
    expect(mia.remind_every_hours).toBe(2);
    const soon = new Date(Date.now() + 3 * 3_600_000);
    const [a, b] = await Promise.all([sweepReminders(o.t.db, soon), sweepReminders(o.t.db, soon)]);
    const reminders = (
      await o.tdb.selectFrom('outbox').select('payload').where('idempotency_key', 'like', 'reminder:%').execute()
    )
      .map((x) => JSON.parse(x.payload))
      .filter((p) => p.recordId === recordId);
    expect(a + b).toBe(2);
    expect(reminders.map((p) => p.userId).sort()).toEqual([id.mia, id.max].sort());
    expect(await sweepReminders(o.t.db, soon)).toBe(0);
    expect(await sweepReminders(o.t.db, new Date(soon.getTime() + 2.5 * 3_600_000))).toBeGreaterThanOrEqual(2);
  });

  it('asks for a comment with an approval where the step says so, and tells the reader before they act', async () => {
    const wf = claimWorkflow({ finance: [id.fin!] });
    (wf.activities[1]!.properties as { commentRequired: boolean }).commentRequired = true;
    await publish(wf);
    const { recordId } = await submit({});
    const task = await taskOf(recordId, 'mia');
    const detail = await get(`/api/EntryModule/${recordId}/detail?taskId=${task.id}`, 'mia');
    expect(detail.json().data.task).toMatchObject({ id: task.id, comment_required: true });
    const bare = await approve(task.id, 'mia');
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({ success: false, message: 'Please add a comment to approve at this step.' });
    expect(await taskOf(recordId, 'mia')).toMatchObject({ status: 'In Progress' });
    const r = await approve(task.id, 'mia', { description: 'Checked the receipts' });
    expect(r.json()).toMatchObject({ success: true, data: { outcome: 'Approved' } });
    // The finance step does not ask: its approval goes through without one.
    const fin = await taskOf(recordId, 'fin');
    const finDetail = await get(`/api/EntryModule/${recordId}/detail?taskId=${fin.id}`, 'fin');
    expect(finDetail.json().data.task.comment_required).toBe(false);
    expect((await approve(fin.id, 'fin')).json()).toMatchObject({ success: true });
  });
});
