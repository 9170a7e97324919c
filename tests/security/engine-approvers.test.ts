import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import type { WorkflowDefinition } from '../../schemas/workflow-definition.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

/**
 * Hardening: a workflow names its approvers by user or team id. Ids that are not people of this organisation
 * (another tenant's users and teams, or made up) are refused when the workflow is saved and when it is published,
 * naming the step and the approver, instead of faulting every record at run time.
 */
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const E = '/api/form/Editor';
const unknown = (approver: string, step: string) =>
  `Approver '${approver}' of step '${step}' is not a user or team of this organisation`;

describe.each(await testDialects())('workflow approvers belong to the tenant on %s', (dialect) => {
  let t: TestApp;
  let acme: TenantDb;
  const id: Record<string, string> = {};
  let admin = '';
  let moduleId = '';

  const post = (url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: bearer(admin, A), payload });
  const save = (workflow: WorkflowDefinition) =>
    post(`${E}/SaveForm?id=${moduleId}`, { module: expenseClaim, workflow });
  const publish = () => post(`${E}/publish?id=${moduleId}`);
  const draft = async () =>
    await acme
      .selectFrom('modules')
      .select(['workflow_draft', 'published_version'])
      .where('id', '=', moduleId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { tenantId } = await t.addTenant('acme', PW);
    const { tenantId: bravoId } = await t.addTenant('bravo', PW);
    acme = new TenantDb(tenantId, t.db.forTenant(tenantId));
    const bravo = new TenantDb(bravoId, t.db.forTenant(bravoId));
    id.fin = await insertUser(acme, { username: 'fin', email: 'fin@acme.test', fullname: 'Fin', password: PW });
    id.bob = await insertUser(bravo, { username: 'bob', email: 'bob@bravo.test', fullname: 'Bob', password: PW });
    const now = new Date().toISOString();
    await acme
      .insertInto('teams', { id: 'team-acme', name: 'Finance', created_by: id.fin, created_on: now, modified_on: now })
      .execute();
    await bravo
      .insertInto('teams', {
        id: 'team-bravo',
        name: 'Bravo finance',
        created_by: id.bob,
        created_on: now,
        modified_on: now,
      })
      .execute();
    admin = await tokenFor(t.app, A, 'admin', PW);
    moduleId = (await post(`${E}/CreateProcessFromScratch`, { name: 'Expense claims' })).json().data.id;
  });
  afterAll(() => t?.close());

  it('accepts users and teams of the organisation, and publishes', async () => {
    const ok = await save(claimWorkflow({ extraManagers: [id.fin!], finance: [id.fin!], financeTeam: 'team-acme' }));
    expect(ok.json(), ok.body).toMatchObject({ success: true });
    expect((await publish()).json()).toMatchObject({ success: true, data: { version: 1 } });
  });

  it("refuses another tenant's user and team, and made-up ids, on save, keeping the draft as it was", async () => {
    const before = await draft();
    const cases: [WorkflowDefinition, string][] = [
      [claimWorkflow({ finance: [id.bob!] }), unknown(id.bob!, 'Finance approval')],
      [claimWorkflow({ finance: [id.fin!], financeTeam: 'team-bravo' }), unknown('team-bravo', 'Finance approval')],
      [
        claimWorkflow({ extraManagers: ['no-such-user'], finance: [id.fin!] }),
        unknown('no-such-user', 'Manager approval'),
      ],
      // A team id given as a user is not one of the tenant's users.
      [claimWorkflow({ finance: ['team-acme'] }), unknown('team-acme', 'Finance approval')],
    ];
    for (const [wf, message] of cases) {
      const r = await save(wf);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toEqual({ success: false, message });
    }
    // The legacy list of approver ids (assignToCollectionExpression) is checked the same way.
    const legacy = claimWorkflow({ finance: [id.fin!] });
    legacy.activities[3]!.assignToCollectionExpression = [crypto.randomUUID()];
    const r = await save(legacy);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/^Approver '[0-9a-f-]{36}' of step 'Finance approval' is not a user or team/);
    expect(await draft()).toEqual(before);
  });

  it('names every unknown approver once, after the designer rules', async () => {
    const wf = claimWorkflow({ extraManagers: ['ghost', 'ghost'], finance: ['ghost', id.bob!] });
    wf.activities[2]!.properties = { condition: '' };
    const r = await save(wf);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe(
      [
        'Over 1000? needs a condition',
        unknown('ghost', 'Manager approval'),
        unknown('ghost', 'Finance approval'),
        unknown(id.bob!, 'Finance approval'),
      ].join('; '),
    );
  });

  it('refuses to publish a stored draft whose approvers are not people of the organisation', async () => {
    // A draft stored before this check (or written around it) still cannot be published.
    const wf = claimWorkflow({ finance: [id.bob!], financeTeam: 'team-bravo' });
    await acme
      .updateTable('modules')
      .set({ workflow_draft: JSON.stringify(wf) })
      .where('id', '=', moduleId)
      .execute();
    const r = await publish();
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      success: false,
      message: `The app cannot be published: ${unknown(id.bob!, 'Finance approval')}; ${unknown('team-bravo', 'Finance approval')}`,
    });
    expect((await draft()).published_version).toBe(1);
    // Put right, it publishes.
    expect((await save(claimWorkflow({ finance: [id.fin!], financeTeam: 'team-acme' }))).json().success).toBe(true);
    expect((await publish()).json()).toMatchObject({ success: true, data: { version: 2 } });
  });

  it("keeps the spec's message for approvers that all went with removed fields", async () => {
    const wf = claimWorkflow({ finance: [id.fin!] });
    wf.activities[1]!.properties = { ...wf.activities[1]!.properties, approvers: [{ type: 'field', field: 'gone' }] };
    const r = await save(wf);
    expect(r.json()).toEqual({ success: false, message: 'Assignee for Manager approval is no longer available' });
  });
});
