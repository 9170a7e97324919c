import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

/**
 * Attacks on the per-app delete, design and reports rights: a designer the rule leaves out tries every route that
 * deletes the app's records, changes or publishes its design, or reports on it. Each answers 403 and changes nothing.
 */
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const EM = '/api/EntryModule';
const ED = '/api/form/Editor';
const REPORT = '/api/form/report';

describe.each(await testDialects())('per-app rights attacks on %s', (dialect) => {
  let t: TestApp;
  let tdb: TenantDb;
  let admin = '';
  let eve = '';
  let moduleId = '';
  let ownDraft = '';
  let othersRecord = '';
  let design: { module: unknown; workflow: unknown };

  const as = (tok: string, url: string, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url, headers: bearer(tok, A), payload: payload as object });
  const ok = async (tok: string, url: string, payload: unknown = {}) => {
    const r = await as(tok, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };
  const rules = (rules: unknown) =>
    ok(admin, `/api/rolespermissions/apps/${moduleId}/permission`, { permission: { rules } });
  const refused = async (url: string, payload: unknown, message: string) => {
    const r = await as(eve, url, payload);
    expect([url, r.statusCode]).toEqual([url, 403]);
    expect(r.json()).toEqual({ success: false, message });
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { tenantId } = await t.addTenant('acme', PW);
    tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    await insertUser(tdb, { username: 'eve', email: 'eve@acme.test', fullname: 'Eve', password: PW, isFullUser: true });
    const now = new Date().toISOString();
    const adminId = (
      await tdb.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    await tdb
      .insertInto('teams', { id: 'team-x', name: 'X', created_by: adminId, created_on: now, modified_on: now })
      .execute();
    admin = await tokenFor(t.app, A, 'admin', PW);
    eve = await tokenFor(t.app, A, 'eve', PW);
    moduleId = (await ok(admin, `${ED}/CreateProcessFromScratch`, { name: 'Vault' })).id;
    design = { module: expenseClaim, workflow: claimWorkflow({ finance: [], financeTeam: 'team-x' }) };
    await ok(admin, `${ED}/SaveForm?id=${moduleId}`, design);
    await ok(admin, `${ED}/publish?id=${moduleId}`);
    ownDraft = (await ok(eve, `${EM}/save`, { moduleId, data: { title: 'Mine' } })).id;
    othersRecord = (await ok(admin, `${EM}/save`, { moduleId, data: { title: 'Theirs' } })).id;
  });
  afterAll(() => t?.close());

  it('without delete, no route deletes the app’s records (not even the user’s own draft)', async () => {
    // Everyone else keeps every right; only a team Eve is not in may delete.
    await rules({ delete: { roles: [], teams: ['team-x'] } });
    const msg = 'You do not have permission to delete records of this app.';
    await refused(`${EM}/deletebyId`, { id: ownDraft }, msg);
    await refused(`${EM}/deletebyId?id=${ownDraft}`, {}, msg);
    await refused(`${EM}/deletebyIds`, { ids: [ownDraft] }, msg);
    await refused(`${EM}/deletebyIds`, [ownDraft], msg);
    // A record she may not open stays "not found", as before.
    const other = await as(eve, `${EM}/deletebyIds`, { ids: [ownDraft, othersRecord] });
    expect(other.statusCode).toBe(404);
    const left = await tdb.selectFrom('records').select('id').where('module_id', '=', moduleId).execute();
    expect(left.map((r) => r.id).sort()).toEqual([ownDraft, othersRecord].sort());
  });

  it('without design, the form and workflow cannot be saved, published, changed or deleted', async () => {
    await rules({ design: { roles: ['consultant'] } });
    const before = await tdb.selectFrom('modules').selectAll().where('id', '=', moduleId).executeTakeFirstOrThrow();
    const msg = 'You do not have permission to design this app.';
    const changed = { ...design, module: { ...(expenseClaim as object), name: 'Hacked' } };
    await refused(`${ED}/SaveForm?id=${moduleId}`, changed, msg);
    await refused(`${ED}/publish?id=${moduleId}`, {}, msg);
    await refused(`${ED}/UpdateModule?id=${moduleId}`, { name: 'Hacked', permission: {} }, msg);
    await refused(`${ED}/UpdateModule`, { id: moduleId, permission: {} }, msg);
    await refused(`${ED}/DeleteForm?moduleId=${moduleId}`, {}, msg);
    const after = await tdb.selectFrom('modules').selectAll().where('id', '=', moduleId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('without reports, run, drill, export, columns, saving a report, dashboards and analytics answer 403', async () => {
    await rules({ reports: { roles: [], users: [] } });
    const msg = 'You do not have permission to report on this app.';
    const spec = { moduleId, measures: [{ aggregate: 'count' }] };
    await refused(`${REPORT}/run`, { spec }, msg);
    await refused(`${REPORT}/drill`, { spec, group: {} }, msg);
    await refused(`${REPORT}/export`, { spec, format: 'csv' }, msg);
    await refused(`${REPORT}/save`, { name: 'Steal', spec }, msg);
    await refused('/api/dashboards/widgets/process-status', { moduleId }, msg);
    await refused('/api/analytics/process', { moduleId }, msg);
    const cols = await t.app.inject({ method: 'GET', url: `${REPORT}/columns/${moduleId}`, headers: bearer(eve, A) });
    expect(cols.statusCode).toBe(403);
    // A report saved earlier by an administrator over the app runs for Eve no more than a spec does.
    const saved = await ok(admin, `${REPORT}/save`, {
      name: 'Shared',
      spec,
      sharedWith: [{ kind: 'role', id: 'fullUser' }],
    });
    await refused(`${REPORT}/run`, { reportId: saved.id }, msg);
    expect(await tdb.selectFrom('reports').select('name').where('name', '=', 'Steal').execute()).toEqual([]);
  });

  it('a team named in a rule lets nobody else in, and a removed member out at once', async () => {
    await rules({ reports: { roles: [], teams: ['team-x'] } });
    const eveId = (await tdb.selectFrom('users').select('id').where('username', '=', 'eve').executeTakeFirstOrThrow())
      .id;
    await tdb
      .insertInto('team_members', { team_id: 'team-x', user_id: eveId, added_on: new Date().toISOString() })
      .execute();
    expect((await as(eve, `${REPORT}/run`, { spec: { moduleId } })).statusCode).toBe(200);
    await tdb.deleteFrom('team_members').where('user_id', '=', eveId).execute();
    await refused(`${REPORT}/run`, { spec: { moduleId } }, 'You do not have permission to report on this app.');
  });
});
