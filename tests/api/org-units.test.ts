import { beforeAll, describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition.js';
import { bearer } from '../support/auth.js';
import { testDialects } from '../support/databases.js';
import { ACME, publishApp, useOffice } from '../support/office.js';

const U = '/api/org-units';

const note: ModuleDefinition = {
  display_name: 'Leave request',
  fieldGroups: [
    { id: 'g', label: 'Request', rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text' }] }] },
  ],
};

const step = (activityId: string, displayName: string, approvers: object[], left: number) => ({
  activityId,
  type: 'Assignment',
  displayName,
  position: { left, top: 0 },
  properties: { approvers, approvalMode: 'any', dueInDays: null, reminderEveryHours: null, taskType: 'Approval' },
});

/** Start -> the initiator's manager -> role Approver within the initiator's unit -> Completed. */
const twoStep = {
  activities: [
    { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
    step('mgr', 'Manager approval', [{ type: 'manager' }], 200),
    step('appr', 'Approver sign-off', [{ type: 'unitRole', role: 'Approver' }], 400),
    { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 600, top: 0 } },
  ],
  connections: [
    { sourceActivityId: 'start', targetActivityId: 'mgr', outcome: 'Done' },
    { sourceActivityId: 'mgr', targetActivityId: 'appr', outcome: 'Approved' },
    { sourceActivityId: 'appr', targetActivityId: 'done', outcome: 'Approved' },
  ],
};

describe.each(await testDialects())('organisation units on %s', (dialect) => {
  const o = useOffice(dialect, ['ceo', 'sal', 'sue', 'amy', 'ann', 'bob', 'cat', 'dan', 'tim']);
  const { id } = o;
  const unit = {} as Record<'company' | 'sales' | 'north' | 'support', string>;
  const call = (method: 'PUT' | 'DELETE' | 'POST' | 'GET', url: string, payload?: object, who = 'admin') =>
    o.t.app.inject({ method, url, headers: bearer(o.tok[who]!, ACME), ...(payload ? { payload } : {}) });
  const create = async (name: string, parentId: string | null, headId: string | null = null) => {
    const r = await call('POST', U, { name, parentId, headId });
    expect(r.json(), r.body).toMatchObject({ success: true, data: { name, parentId, headId } });
    return r.json().data.id as string;
  };
  const member = async (unitId: string, who: string, body: object = {}) => {
    const r = await call('PUT', `${U}/${unitId}/members/${id[who]}`, body);
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data;
  };
  const managerOf = async (who: string) => (await call('GET', `${U}/managers/${id[who]}`)).json().data;

  beforeAll(async () => {
    // Company (ceo) > Sales (sal) > North (no head); Company > Support (sue).
    unit.company = await create('Company', null, id.ceo!);
    unit.sales = await create('Sales', unit.company, id.sal!);
    unit.north = await create('North', unit.sales);
    unit.support = await create('Support', unit.company, id.sue!);
    await member(unit.north, 'amy');
    await member(unit.north, 'ann', { role: 'Approver' });
    await member(unit.support, 'bob');
    await member(unit.company, 'cat', { role: ' approver ' });
  });

  it('answers the tree with heads and member counts, and a unit with its members', async () => {
    const tree = (await call('GET', U)).json().data as { id: string; parentId: string | null; memberCount: number }[];
    expect(tree.map((u) => u.id).sort()).toEqual(Object.values(unit).sort());
    expect(tree.find((u) => u.id === unit.north)).toMatchObject({ parentId: unit.sales, memberCount: 2 });
    const north = (await call('GET', `${U}/${unit.north}`)).json().data;
    expect(north.members.map((m: { username: string; role: string | null }) => [m.username, m.role])).toEqual([
      ['amy', null],
      ['ann', 'Approver'],
    ]);
    expect((await call('GET', `${U}/roles`)).json().data).toEqual(['approver', 'Approver']);
    const hits = (await call('GET', `${U}/search?search=AN`)).json().data;
    expect(hits).toEqual([expect.objectContaining({ username: 'ann', unitId: unit.north })]);
  });

  it('renames, sets and clears a head, and refuses what is not a user or unit of the organisation', async () => {
    const r = await call('PUT', `${U}/${unit.north}`, { name: 'North region', headId: id.dan });
    expect(r.json()).toMatchObject({ data: { name: 'North region', headId: id.dan, headName: 'dan' } });
    expect((await call('PUT', `${U}/${unit.north}`, { headId: null })).json().data.headId).toBeNull();
    const bad = await call('PUT', `${U}/${unit.north}`, { headId: 'no-such-user' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The head of a unit must be an active user of this organisation.');
    expect((await call('POST', U, { name: 'Orphan', parentId: 'nope' })).statusCode).toBe(404);
    expect((await call('POST', U, { name: '  ' })).json()).toMatchObject({ message: 'The unit needs a name.' });
    expect((await call('GET', `${U}/nope`)).statusCode).toBe(404);
  });

  it('refuses to move a unit under itself or its own descendant, and moves it elsewhere', async () => {
    for (const parentId of [unit.north, unit.sales]) {
      const r = await call('POST', `${U}/${unit.sales}/move`, { parentId });
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('A unit cannot be moved under itself or one of its own sub-units.');
    }
    expect((await call('POST', `${U}/${unit.support}/move`, { parentId: unit.sales })).json().data.parentId).toBe(
      unit.sales,
    );
    expect((await call('POST', `${U}/${unit.support}/move`, { parentId: unit.company })).json().data.parentId).toBe(
      unit.company,
    );
  });

  it("resolves a user's manager: explicit, else the head of their unit, else of the units above", async () => {
    expect(await managerOf('amy')).toMatchObject({ managerId: id.sal, source: 'unit' });
    expect(await managerOf('bob')).toMatchObject({ managerId: id.sue, managerName: 'sue', source: 'unit' });
    expect(await managerOf('sal')).toMatchObject({ managerId: id.ceo, source: 'unit' });
    expect(await managerOf('dan')).toMatchObject({ managerId: null, source: 'none' });
    await member(unit.north, 'amy', { managerId: id.ceo });
    expect(await managerOf('amy')).toMatchObject({ managerId: id.ceo, source: 'explicit' });
    await member(unit.north, 'amy', { managerId: null });
    const self = await call('PUT', `${U}/${unit.north}/members/${id.amy}`, { managerId: id.amy });
    expect(self.json()).toMatchObject({ success: false, message: 'A user cannot be their own manager.' });
  });

  it('counts the members of a team the unit is built on, unless they hold a unit of their own', async () => {
    const team = (await call('POST', '/api/people/teams', { name: 'Helpdesk' })).json().data.id as string;
    for (const who of ['tim', 'bob'])
      expect((await call('POST', `/api/people/teams/${team}/members`, { userId: id[who] })).statusCode).toBe(200);
    const r = await call('PUT', `${U}/${unit.support}`, { teamId: team });
    expect(r.json().data).toMatchObject({ teamId: team, teamName: 'Helpdesk' });
    const members = r.json().data.members.map((m: { username: string; viaTeam: boolean }) => [m.username, m.viaTeam]);
    expect(members).toEqual([
      ['bob', false],
      ['tim', true],
    ]);
    expect(await managerOf('tim')).toMatchObject({ managerId: id.sue, source: 'unit' });
  });

  it("sends step one to the initiator's manager and step two to the Approver of their unit or the nearest above", async () => {
    const moduleId = await publishApp(o, 'Leave', note, twoStep);
    const openTasks = (recordId: string) =>
      o.tdb
        .selectFrom('tasks')
        .select(['id', 'assignee_id'])
        .where('record_id', '=', recordId)
        .where('status', '=', 'In Progress')
        .execute();
    const run = async (initiator: string, first: string, second: string) => {
      const s = await call('POST', '/api/EntryModule/submit', { moduleId, data: { title: 'Off' } }, initiator);
      expect(s.json(), s.body).toMatchObject({ success: true });
      const recordId = s.json().data.recordId as string;
      const [t1] = await openTasks(recordId);
      expect(t1?.assignee_id).toBe(id[first]);
      const a = await call('POST', '/api/EntryModule/approve', { task_id: t1!.id, accepted: true }, first);
      expect(a.json(), a.body).toMatchObject({ success: true });
      expect((await openTasks(recordId)).map((t) => t.assignee_id)).toEqual([id[second]]);
      return recordId;
    };
    await run('amy', 'sal', 'ann'); // North has ann as Approver
    await run('bob', 'sue', 'cat'); // Support has none: Company's cat
    // Dan belongs to no unit: no manager, so the step faults the process instead of waiting for nobody.
    const s = await call('POST', '/api/EntryModule/submit', { moduleId, data: { title: 'Off' } }, 'dan');
    const rec = await o.tdb
      .selectFrom('records')
      .select('workflow_status')
      .where('id', '=', s.json().data.recordId)
      .executeTakeFirstOrThrow();
    expect(rec.workflow_status).toBe('Faulted');
  });

  it('deletes a unit: its sub-units move up, its members are left without a unit', async () => {
    expect((await call('DELETE', `${U}/${unit.sales}`)).json()).toMatchObject({ success: true });
    const tree = (await call('GET', U)).json().data as { id: string; parentId: string | null }[];
    expect(tree.find((u) => u.id === unit.north)?.parentId).toBe(unit.company);
    expect(await managerOf('amy')).toMatchObject({ managerId: id.ceo });
    const gone = await call('DELETE', `${U}/${unit.north}/members/${id.amy}`);
    expect(gone.json().data.members.map((m: { username: string }) => m.username)).toEqual(['ann']);
    expect((await call('DELETE', `${U}/${unit.north}/members/${id.amy}`)).statusCode).toBe(404);
  });
});
