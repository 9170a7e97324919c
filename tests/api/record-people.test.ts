import { beforeAll, describe, expect, it } from 'vitest';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

interface Share {
  people: {
    name: string;
    reasons: string[];
    tasks: { activity_title: string; status: string; outcome: string | null }[];
  }[];
  administrators: number;
}

describe.each(await testDialects())('people of a record on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', 'mia', 'uma', { username: 'dana', isFullUser: true }]);
  let moduleId = '';
  let recordId = '';
  let taskId = '';
  const byRecord = (who: string, query: string) =>
    o.get(who, `/api/form/Editor/LookupAssigneeByRecord?recordId=${recordId}${query}`);
  const share = async (who: string) => {
    const r = await o.get(who, `/api/workflow/share?recordId=${recordId}`);
    expect(r.json(), r.body).toMatchObject({ success: true });
    return r.json().data as Share;
  };

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Claims', expenseClaim, claimWorkflow({ finance: [o.id.dana!] }));
    const r = await o.post('sam', '/api/EntryModule/submit', {
      moduleId,
      data: { title: 'Trip', amount: 50, manager: o.id.mia },
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    recordId = r.json().data.recordId;
    taskId = (await o.get('mia', `/api/EntryModule/${recordId}/detail`)).json().data.task.id;
  });

  it('offers the task holder everyone else, searched by the server as they type', async () => {
    const all = (await byRecord('mia', '')).json().data as { id: string; name: string; type: string }[];
    expect(all.map((a) => a.id)).toEqual(expect.arrayContaining([o.id.sam, o.id.uma, o.id.dana]));
    expect(all.map((a) => a.id)).not.toContain(o.id.mia);
    expect(all.every((a) => a.type === 'user')).toBe(true);
    const typed = (await byRecord('mia', '&searchTerm=um')).json().data as { id: string }[];
    expect(typed.map((a) => a.id)).toEqual([o.id.uma]);
    // An administrator names the task; anyone else without a task on the record may not ask.
    expect((await byRecord('admin', `&taskId=${taskId}`)).statusCode).toBe(200);
    expect((await byRecord('admin', '')).statusCode).toBe(403);
    expect((await byRecord('sam', '')).json()).toMatchObject({
      success: false,
      message: 'You have no task of this record to reassign.',
    });
    expect((await byRecord('uma', '')).statusCode).toBe(404);
    expect((await byRecord('sam', `&taskId=${taskId}`)).statusCode).toBe(403);
  });

  it('refuses when the app does not allow reassignment', async () => {
    const off = (on: boolean) =>
      o.post('admin', `/api/form/Editor/setmodulereassignment?moduleId=${moduleId}&isReassignmentDisabled=${on}`, {});
    expect((await off(true)).json(), 'switch').toMatchObject({ success: true });
    expect((await byRecord('mia', '')).json()).toMatchObject({
      success: false,
      message: 'Reassignment is disabled for this app.',
    });
    await off(false);
  });

  it('says whom the record is shared with and why, following a reassignment', async () => {
    const before = await share('sam');
    expect(before.people.map((p) => [p.name, p.reasons])).toEqual([
      ['mia', ['task']],
      ['sam', ['creator', 'initiator']],
    ]);
    expect(before.people[0]!.tasks).toMatchObject([{ activity_title: 'Manager approval', status: 'In Progress' }]);
    expect(before.administrators).toBeGreaterThanOrEqual(1);
    expect((await o.get('uma', `/api/workflow/share?recordId=${recordId}`)).statusCode).toBe(404);
    const moved = await o.post('mia', '/api/EntryModule/reassignment', { taskId, userId: o.id.uma, message: 'Away' });
    expect(moved.json(), moved.body).toMatchObject({ success: true });
    const after = await share('uma');
    const mia = after.people.find((p) => p.name === 'mia')!;
    expect(mia.tasks).toMatchObject([{ outcome: 'Reassigned' }]);
    expect(after.people.find((p) => p.name === 'uma')).toMatchObject({ reasons: ['task'] });
  });
});
