import { beforeAll, describe, expect, it } from 'vitest';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

const HOUR = 3_600_000;
type Row = Record<string, unknown>;

/** Nearest rank: the value at rank ceil(p·n) of the sorted values. */
const rank = (sorted: number[], p: number) => sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
const monday = (iso: string) => {
  const d = new Date(iso);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

describe.each(await testDialects())('dashboards and process analytics on %s', (dialect) => {
  const o = useOffice(dialect, [
    { username: 'sam', fullname: 'Sam Staff' },
    { username: 'mia', fullname: 'Mia Manager', isFullUser: true },
    { username: 'max', fullname: 'Max Manager' },
    { username: 'fin', fullname: 'Fin Finance' },
    { username: 'dee', fullname: 'Dee Designer', isFullUser: true },
  ]);
  const { id } = o;
  let moduleId = '';
  const rec: Record<string, string> = {};

  const openTasks = (recordId: string) =>
    o.tdb
      .selectFrom('tasks')
      .selectAll()
      .where('record_id', '=', recordId)
      .where('status', '=', 'In Progress')
      .execute();
  /** Moves the open tasks of a record back in time, so the next action finds them held that long. */
  const heldFor = async (recordId: string, hours: number) => {
    for (const t of await openTasks(recordId))
      await o.tdb
        .updateTable('tasks')
        .set({ started_on: new Date(Date.now() - hours * HOUR).toISOString() })
        .where('id', '=', t.id)
        .execute();
  };
  const taskOf = async (recordId: string, who: string) =>
    (await openTasks(recordId)).find((t) => t.assignee_id === id[who])!.id;
  const act = async (who: string, url: string, body: object) => {
    const r = await o.post(who, url, body);
    expect(r.json(), r.body).toMatchObject({ success: true });
  };
  const submit = async (who: string, amount: number) => {
    const r = await o.post(who, '/api/EntryModule/submit', {
      moduleId,
      data: { title: 'Trip', amount, manager: id.mia },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data.recordId as string;
  };
  const approve = async (recordId: string, who: string, hours: number) => {
    await heldFor(recordId, hours);
    await act(who, '/api/EntryModule/approve', { task_id: await taskOf(recordId, who), accepted: true });
  };
  const completedOn = (recordId: string, daysAgo: number) =>
    o.tdb
      .updateTable('records')
      .set({ workflow_completed_on: new Date(Date.now() - daysAgo * 86_400_000).toISOString() })
      .where('id', '=', recordId)
      .execute();
  const analytics = async (who: string, body: object = {}) => {
    const r = await o.post(who, '/api/analytics/process', { moduleId, ...body });
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data;
  };

  beforeAll(async () => {
    moduleId = await publishApp(
      o,
      'Claims',
      expenseClaim,
      claimWorkflow({ extraManagers: [id.max!], finance: [id.fin!] }),
    );
    // r1: manager 5 h, finance 60 h, approved two weeks ago.
    rec.r1 = await submit('sam', 5000);
    await approve(rec.r1, 'mia', 5);
    await approve(rec.r1, 'fin', 60);
    await completedOn(rec.r1, 14);
    // r2: manager 1 h, approved (small amount) this week.
    rec.r2 = await submit('sam', 20);
    await approve(rec.r2, 'max', 1);
    // r3: rejected by the manager after 30 h, a week ago.
    rec.r3 = await submit('sam', 5000);
    await heldFor(rec.r3, 30);
    await act('mia', '/api/EntryModule/approve', {
      task_id: await taskOf(rec.r3, 'mia'),
      accepted: false,
      description: 'No',
    });
    await completedOn(rec.r3, 7);
    // r4: manager 2 h, finance sends it back to the manager after 3 h; the manager holds it again (open).
    rec.r4 = await submit('sam', 5000);
    await approve(rec.r4, 'mia', 2);
    await heldFor(rec.r4, 3);
    await act('fin', '/api/EntryModule/goback', {
      taskId: await taskOf(rec.r4, 'fin'),
      goBackToActivityId: 'manager',
      message: 'Check',
    });
    // r5: open at the manager for 72 hours (an SLA breach at 48).
    rec.r5 = await submit('sam', 5000);
    await heldFor(rec.r5, 72);
    // r6: Dee's own claim, approved by the manager after 4 h.
    rec.r6 = await submit('dee', 10);
    await approve(rec.r6, 'mia', 4);
  });

  /** The same figures, computed here from the stored rows of the records `ids`. */
  async function expected(ids: string[], slaHours = 48) {
    const tasks = (await o.tdb.selectFrom('tasks').selectAll().where('record_id', 'in', ids).execute()) as Row[];
    const hist = (await o.tdb
      .selectFrom('activity_history')
      .selectAll()
      .where('record_id', 'in', ids)
      .execute()) as Row[];
    const records = (await o.tdb.selectFrom('records').selectAll().where('id', 'in', ids).execute()) as Row[];
    const byTask = new Map(tasks.map((t) => [t.id, t]));
    const durations = new Map<string, number[]>();
    for (const h of hist) {
      if (!['Approve', 'Reject', 'SendBack', 'Resubmit'].includes(h.action_type as string) || !h.task_id) continue;
      const t = byTask.get(h.task_id)!;
      const secs = (Date.parse(h.created_on as string) - Date.parse(t.started_on as string)) / 1000;
      durations.set(t.activity_id as string, [...(durations.get(t.activity_id as string) ?? []), secs]);
    }
    const steps = Object.fromEntries(
      [...durations].map(([step, list]) => {
        const s = list.sort((a, b) => a - b);
        return [step, { count: s.length, median: rank(s, 50), p90: rank(s, 90) }];
      }),
    );
    const weeks: Record<string, { completed: number; rejected: number }> = {};
    for (const r of records.filter((x) => x.workflow_completed_on)) {
      const w = (weeks[monday(r.workflow_completed_on as string)] ??= { completed: 0, rejected: 0 });
      w.completed++;
      if (r.workflow_status === 'Rejected') w.rejected++;
    }
    const returns: Record<string, number> = {};
    for (const h of hist.filter((x) => x.action_type === 'Reject' || x.action_type === 'SendBack'))
      returns[`${h.activity_id} ${h.action_type === 'Reject' ? 'Rejected' : 'Sent back'}`] =
        (returns[`${h.activity_id} ${h.action_type === 'Reject' ? 'Rejected' : 'Sent back'}`] ?? 0) + 1;
    const cutoff = Date.now() - slaHours * HOUR;
    const open = tasks.filter((t) => t.status === 'In Progress');
    const slaOpen = open.filter((t) => Date.parse(t.started_on as string) < cutoff).length;
    const slaClosed = tasks.filter(
      (t) =>
        t.completed_on &&
        t.outcome !== 'Cancelled' &&
        Date.parse(t.completed_on as string) - Date.parse(t.started_on as string) > slaHours * HOUR,
    ).length;
    const holders: Record<string, number> = {};
    for (const t of open) holders[t.assignee_id as string] = (holders[t.assignee_id as string] ?? 0) + 1;
    return { steps, weeks, returns, slaOpen, slaClosed, holders };
  }

  it('computes time per step, weekly throughput, send-backs and rejections, SLA breaches and open tasks', async () => {
    const all = Object.values(rec);
    const want = await expected(all);
    const got = await analytics('admin');
    expect(got.moduleName).toBe('Claims');
    expect(got.slaHours).toBe(48);
    // Independent figures: manager 1, 2, 4, 5, 30 h → median 4 h, p90 30 h; finance 3 h (sent back) and 60 h.
    expect(want.steps.manager).toMatchObject({ count: 5 });
    expect(Math.round(want.steps.manager!.median / 3600)).toBe(4);
    expect(Math.round(want.steps.manager!.p90 / 3600)).toBe(30);
    for (const s of got.steps) {
      const w = want.steps[s.activityId]!;
      expect(s.count).toBe(w.count);
      expect(Math.abs(s.medianSeconds - w.median)).toBeLessThan(0.5);
      expect(Math.abs(s.p90Seconds - w.p90)).toBeLessThan(0.5);
    }
    expect(got.steps.map((s: Row) => s.activityId).sort()).toEqual(Object.keys(want.steps).sort());
    expect(got.steps.find((s: Row) => s.activityId === 'manager').title).toBe('Manager approval');

    expect(
      Object.fromEntries(got.throughput.map((w: Row) => [w.week, { completed: w.completed, rejected: w.rejected }])),
    ).toEqual(want.weeks);
    expect(got.throughput.reduce((a: number, w: Row) => a + (w.completed as number), 0)).toBe(4);

    expect(Object.fromEntries(got.returns.map((r: Row) => [`${r.activityId} ${r.outcome}`, r.count]))).toEqual(
      want.returns,
    );
    expect(want.returns).toEqual({ 'manager Rejected': 1, 'finance Sent back': 1 });

    expect(got.sla).toMatchObject({ open: want.slaOpen, closed: want.slaClosed });
    expect(want.slaOpen).toBe(2); // r5's two manager tasks
    expect(want.slaClosed).toBe(1); // r1 finance, 60 h
    const tighter = await analytics('admin', { slaHours: 4 });
    const w4 = await expected(all, 4);
    expect(tighter.sla).toMatchObject({ open: w4.slaOpen, closed: w4.slaClosed });

    expect(Object.fromEntries(got.holders.map((h: Row) => [h.userId, h.open]))).toEqual(want.holders);
    // A widget asks only for the figure it shows.
    const slaOnly = await analytics('admin', { views: ['sla'] });
    expect(slaOnly).toMatchObject({ steps: [], throughput: [], returns: [], holders: [], sla: got.sla });
    expect(got.holders[0]).toMatchObject({ open: 2 });
  });

  it('counts only the records the viewer may open', async () => {
    const got = await analytics('dee');
    const want = await expected([rec.r6!]);
    expect(got.steps).toHaveLength(1);
    expect(got.steps[0]).toMatchObject({ activityId: 'manager', count: 1 });
    expect(Math.abs(got.steps[0].medianSeconds - want.steps.manager!.median)).toBeLessThan(0.5);
    expect(got.throughput.reduce((a: number, w: Row) => a + (w.completed as number), 0)).toBe(1);
    expect(got.returns).toEqual([]);
    expect(got.holders).toEqual([]);
  });

  it('narrows every figure by the shared date range and user', async () => {
    const future = await analytics('admin', { shared: { from: '2999-01-01' } });
    expect(future).toMatchObject({ steps: [], throughput: [], returns: [], holders: [], sla: { open: 0, closed: 0 } });
    const bySam = await analytics('admin', { shared: { userId: id.sam } });
    expect(bySam.throughput.reduce((a: number, w: Row) => a + (w.completed as number), 0)).toBe(3);
    const bad = await o.post('admin', '/api/analytics/process', { moduleId, shared: { from: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('from must be a date (YYYY-MM-DD).');
  });

  it('counts open tasks per user or team as the task lists allow, and records by process status', async () => {
    const all = (await o.post('admin', '/api/dashboards/widgets/tasks', {})).json().data;
    expect(all.total).toBe(4);
    expect(Object.fromEntries(all.groups.map((g: Row) => [g.label, g.open]))).toEqual({
      'Mia Manager': 2,
      'Max Manager': 2,
    });
    const mine = (await o.post('mia', '/api/dashboards/widgets/tasks', {})).json().data;
    expect(mine).toMatchObject({ total: 2, groups: [{ id: id.mia, label: 'Mia Manager', open: 2 }] });
    const none = (await o.post('dee', '/api/dashboards/widgets/tasks', { groupBy: 'team' })).json().data;
    expect(none).toEqual({ total: 0, overdue: 0, groups: [] });

    const status = (await o.post('admin', '/api/dashboards/widgets/process-status', { moduleId })).json().data;
    expect(status.total).toBe(6);
    expect(Object.fromEntries(status.statuses.map((s: Row) => [s.status, s.count]))).toEqual({
      Faulted: 0,
      Completed: 4,
      Running: 2,
      'Not Started': 0,
    });
    const dees = (await o.post('dee', '/api/dashboards/widgets/process-status', { moduleId })).json().data;
    expect(dees.total).toBe(1);
  });

  it('creates, lists, renames, shares, saves the layout of and deletes dashboards', async () => {
    const layout = [
      { i: 'a', x: 0, y: 0, w: 6, h: 4, kind: 'tasks', settings: { groupBy: 'user' } },
      { i: 'b', x: 6, y: 0, w: 6, h: 4, kind: 'process-status', settings: { moduleId } },
    ];
    const made = await o.post('mia', '/api/dashboards', { name: 'Team view', layout });
    expect(made.json(), made.body).toMatchObject({
      success: true,
      data: { name: 'Team view', ownerId: id.mia, ownerName: 'Mia Manager', editable: true, version: 1, layout },
    });
    const dash = made.json().data;
    expect((await o.get('dee', `/api/dashboards/${dash.id}`)).statusCode).toBe(404);
    expect((await o.get('dee', '/api/dashboards')).json().data).toEqual([]);

    const put = (who: string, body: object) =>
      o.t.app.inject({
        method: 'PUT',
        url: `/api/dashboards/${dash.id}`,
        headers: { host: 'acme.localhost', authorization: `Bearer ${o.tok[who]}` },
        payload: body,
      });
    const shared = await put('mia', { name: 'Managers', sharedWith: [{ kind: 'user', id: id.dee }], version: 1 });
    expect(shared.json()).toMatchObject({ success: true, data: { name: 'Managers', version: 2 } });
    const seen = (await o.get('dee', '/api/dashboards')).json().data;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: dash.id, editable: false, layout });
    expect((await put('dee', { name: 'Mine now', version: 2 })).statusCode).toBe(403);
    expect((await put('mia', { name: 'Stale', version: 1 })).statusCode).toBe(409);
    const moved = [{ ...layout[0]!, x: 0, y: 4, w: 12, h: 5 }, layout[1]!];
    expect((await put('mia', { layout: moved, version: 2 })).json().data).toMatchObject({ layout: moved, version: 3 });
    const overlap = await put('mia', { layout: [{ ...layout[0]!, x: 8, w: 6 }], version: 3 });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().message).toBe("Widget 'a' runs past the grid's 12 columns.");

    const byRole = await o.post('admin', '/api/dashboards', {
      name: 'For designers',
      sharedWith: [{ kind: 'role', id: 'fullUser' }],
    });
    expect(
      (await o.get('dee', '/api/dashboards'))
        .json()
        .data.map((d: Row) => d.name)
        .sort(),
    ).toEqual(['For designers', 'Managers']);
    const del = await o.t.app.inject({
      method: 'DELETE',
      url: `/api/dashboards/${byRole.json().data.id}`,
      headers: { host: 'acme.localhost', authorization: `Bearer ${o.tok.admin}` },
    });
    expect(del.json()).toMatchObject({ success: true, data: null });
    expect((await o.get('dee', '/api/dashboards')).json().data.map((d: Row) => d.name)).toEqual(['Managers']);
  });
});
