import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';

const claim = (withManager: boolean): ModuleDefinition => ({
  display_name: 'Claims',
  fieldGroups: [
    {
      id: 'g',
      label: 'Claim',
      rows: [
        {
          fields: [
            { name: 'amount', label: 'Amount', fieldType: 'number' },
            ...(withManager ? [{ name: 'manager', label: 'Manager', fieldType: 'text' }] : []),
          ],
        },
      ],
    },
  ],
});

const workflow = (approvers: unknown[], condition = '{amount} > 100'): WorkflowDefinition => ({
  activities: [
    { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 0, top: 0 } },
    {
      activityId: 'a1',
      type: 'Assignment',
      displayName: 'Manager approval',
      position: { left: 200, top: 0 },
      properties: { approvers, approvalMode: 'any' },
    },
    { activityId: 'if1', type: 'If', displayName: 'Large', position: { left: 400, top: 0 }, properties: { condition } },
    { activityId: 'done', type: 'CompletedProcess', displayName: 'Completed', position: { left: 600, top: 0 } },
  ],
  connections: [
    { sourceActivityId: 'start', targetActivityId: 'a1', outcome: 'Done' },
    { sourceActivityId: 'a1', targetActivityId: 'if1', outcome: 'Approved' },
    { sourceActivityId: 'if1', targetActivityId: 'done', outcome: 'True' },
    { sourceActivityId: 'if1', targetActivityId: 'done', outcome: 'False' },
  ],
});

describe.each(await testDialects())('workflow designer API on %s', (dialect) => {
  let t: TestApp;
  let admin = '';
  let staff = '';
  let other = '';
  let moduleId = '';
  let sam = '';
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { tenantId } = await t.addTenant('acme', PW);
    const { tenantId: bravo } = await t.addTenant('bravo', PW);
    const acme = new TenantDb(tenantId, t.db.forTenant(tenantId));
    sam = await insertUser(acme, { username: 'sam', email: 'sam@acme.test', fullname: 'Sam Staff', password: PW });
    const gone = await insertUser(acme, {
      username: 'gone',
      email: 'gone@acme.test',
      fullname: 'Gone User',
      password: PW,
    });
    await acme.updateTable('users').set({ status: 'inactive' }).where('id', '=', gone).execute();
    const now = new Date().toISOString();
    await acme
      .insertInto('teams', { id: 'team-acme', name: 'Finance', created_by: gone, created_on: now, modified_on: now })
      .execute();
    await insertUser(new TenantDb(bravo, t.db.forTenant(bravo)), {
      username: 'bob',
      email: 'bob@bravo.test',
      fullname: 'Bob Bravo',
      password: PW,
    });
    admin = await tokenFor(t.app, A, 'admin', PW);
    staff = await tokenFor(t.app, A, 'sam', PW);
    other = await tokenFor(t.app, 'bravo.localhost', 'admin', PW);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/form/Editor/CreateProcessFromScratch',
      headers: bearer(admin, A),
      payload: { name: 'Claims' },
    });
    moduleId = created.json().data.id;
  });
  afterAll(() => t?.close());

  const save = (module: ModuleDefinition, wf?: WorkflowDefinition) =>
    t.app.inject({
      method: 'POST',
      url: `/api/form/Editor/SaveForm?id=${moduleId}`,
      headers: bearer(admin, A),
      payload: { module, ...(wf ? { workflow: wf } : {}) },
    });
  const publish = () =>
    t.app.inject({
      method: 'POST',
      url: `/api/form/Editor/publish?id=${moduleId}`,
      headers: bearer(admin, A),
      payload: {},
    });

  it('lists the active users and the teams of the tenant as assignees, for designers only', async () => {
    const res = await t.app.inject({ url: '/api/form/Editor/LookupAssignee', headers: bearer(admin, A) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { type: string; name: string }[];
    const names = data.map((d) => `${d.type}:${d.name}`);
    expect(names).toHaveLength(3); // admin, Sam and the team
    expect(names).toEqual(expect.arrayContaining(['team:Finance', 'user:Sam Staff']));
    expect(data.some((d) => d.name === 'Gone User' || d.name === 'Bob Bravo')).toBe(false);
    const searched = await t.app.inject({
      url: '/api/form/Editor/LookupAssignee?searchTerm=sam',
      headers: bearer(admin, A),
    });
    expect(searched.json().data.map((d: { name: string }) => d.name)).toEqual(['Sam Staff']);
    expect((await t.app.inject({ url: '/api/form/Editor/LookupAssignee', headers: bearer(staff, A) })).statusCode).toBe(
      403,
    );
    const long = await t.app.inject({
      url: `/api/form/Editor/LookupAssignee?searchTerm=${'x'.repeat(101)}`,
      headers: bearer(admin, A),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().success).toBe(false);
    const bravo = await t.app.inject({
      url: '/api/form/Editor/LookupAssignee',
      headers: bearer(other, 'bravo.localhost'),
    });
    expect(bravo.json().data.map((d: { name: string }) => d.name)).not.toContain('Sam Staff');
  });

  it('saves and publishes a valid workflow', async () => {
    const ok = await save(claim(true), workflow([{ type: 'field', field: 'manager' }]));
    expect(ok.json()).toMatchObject({ success: true });
    expect((await publish()).json()).toMatchObject({ success: true, data: { version: 1 } });
  });

  it('refuses to save a workflow that breaks the designer rules, with the same messages', async () => {
    const removed = await save(claim(false), workflow([{ type: 'field', field: 'manager' }]));
    expect(removed.statusCode).toBe(400);
    expect(removed.json()).toEqual({ success: false, message: 'Assignee for Manager approval is no longer available' });
    const badCondition = await save(claim(true), workflow([{ type: 'user', id: sam }], '{amount} >'));
    expect(badCondition.statusCode).toBe(400);
    expect(badCondition.json().message).toMatch(/^The condition of Large is not valid: /);
    const wf = workflow([{ type: 'user', id: sam }]);
    wf.connections.push(
      { sourceActivityId: 'a1', targetActivityId: 'done', outcome: 'Approved' },
      { sourceActivityId: 'a1', targetActivityId: 'done', outcome: 'Maybe' },
    );
    wf.activities.push({ activityId: 'lost', type: 'Finish', displayName: 'Lost' });
    expect((await save(claim(true), wf)).json().message).toBe(
      'Outcome Approved of Manager approval is connected more than once; Manager approval has no outcome Maybe; Lost cannot be reached from Start',
    );
  });

  it('refuses to publish when a form change removed the only approver field', async () => {
    // Saving the form alone is allowed (the form designer does that); the stored workflow now points at nothing.
    expect((await save(claim(false))).json().success).toBe(true);
    const refused = await publish();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'The app cannot be published: Assignee for Manager approval is no longer available',
    );
  });
});
