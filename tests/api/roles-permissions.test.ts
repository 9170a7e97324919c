import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';
import { settleInbox } from '../../src/server/audit/chain.js';

/**
 * Issue 22: the roles overview, editing an app's permission rules (enforced by the real record routes), the
 * explanation (its verdicts equal what the record routes do, for every user × record), and the what-if preview
 * (its counts equal what changes once the rules are saved).
 */
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const EM = '/api/EntryModule';
const RP = '/api/rolespermissions';
const PEOPLE = ['admin', 'sam', 'mia', 'fin', 'uma', 'cora'] as const;
type Who = (typeof PEOPLE)[number];

describe.each(await testDialects())('roles and permissions on %s', (dialect) => {
  let t: TestApp;
  let tdb: TenantDb;
  const tok: Partial<Record<Who, string>> = {};
  const uid: Partial<Record<Who, string>> = {};
  let moduleId = '';
  const rec: Record<'rec1' | 'rec2' | 'draft', string> = { rec1: '', rec2: '', draft: '' };

  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(tok[who]!, A), ...(payload ? { payload: payload as object } : {}) });
  const ok = async (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const r = await call(who, method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };
  const save = (permission: unknown) => ok('admin', 'POST', `${RP}/apps/${moduleId}/permission`, { permission });
  /** Ids in the user's record list (or draft list), or null when the app's view rule refuses them. */
  const listed = async (who: Who, draft = false) => {
    const r = await call(who, 'POST', `${EM}/${draft ? 'draftdatatables' : 'datatables'}`, { moduleId, length: 100 });
    if (r.statusCode === 403) return null;
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().data.data as { id: string }[]).map((x) => x.id);
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { tenantId } = await t.addTenant('acme', PW);
    tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    for (const u of ['sam', 'mia', 'fin', 'uma', 'cora'] as const)
      uid[u] = await insertUser(tdb, {
        username: u,
        email: `${u}@acme.test`,
        fullname: `${u} A`,
        password: PW,
        ...(u === 'cora' ? { isConsultant: true } : {}),
      });
    for (const u of PEOPLE) tok[u] = await tokenFor(t.app, A, u, PW);
    uid.admin = (
      await tdb.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    const now = new Date().toISOString();
    await tdb
      .insertInto('teams', {
        id: 'team-fin',
        name: 'Finance',
        created_by: uid.admin,
        created_on: now,
        modified_on: now,
      })
      .execute();
    await tdb.insertInto('team_members', { team_id: 'team-fin', user_id: uid.fin!, added_on: now }).execute();
    moduleId = (await ok('admin', 'POST', '/api/form/Editor/CreateProcessFromScratch', { name: 'Claims' })).id;
    await ok('admin', 'POST', `/api/form/Editor/SaveForm?id=${moduleId}`, {
      module: expenseClaim,
      workflow: claimWorkflow({ finance: [], financeTeam: 'team-fin' }),
    });
    await ok('admin', 'POST', `/api/form/Editor/publish?id=${moduleId}`, {});
    const data = { title: 'Trip', amount: 5000, manager: uid.mia, secret: 'SECRET-RP-1' };
    rec.rec1 = (await ok('sam', 'POST', `${EM}/submit`, { moduleId, data })).recordId;
    rec.rec2 = (await ok('sam', 'POST', `${EM}/submit`, { moduleId, data })).recordId;
    rec.draft = (await ok('sam', 'POST', `${EM}/save`, { moduleId, data: { title: 'Draft' } })).id;
    const task = await tdb
      .selectFrom('tasks')
      .select('id')
      .where('record_id', '=', rec.rec2)
      .where('status', '=', 'In Progress')
      .executeTakeFirstOrThrow();
    // rec2 moves on to Finance: a team task for Fin.
    await ok('mia', 'POST', `${EM}/approve`, { task_id: task.id, accepted: true, data: { manager_note: 'ok' } });
  });
  afterAll(() => t?.close());

  it('derives the roles overview from the guard’s routes, the role groups and the menu', async () => {
    const o = await ok('cora', 'GET', `${RP}/roles`);
    const kind = (k: string) => o.kinds.find((x: { kind: string }) => x.kind === k);
    expect(kind('regular')).toMatchObject({ groups: [], bypassesAppRules: false, seesAllRecords: false });
    expect(kind('sysAdmin').menu).toContain('AUDIT_TRAIL');
    expect(kind('administrator').menu).not.toContain('AUDIT_TRAIL');
    expect(kind('administrator')).toMatchObject({ bypassesAppRules: true, seesAllRecords: true });
    expect(kind('consultant').groups).toEqual(['designers', 'managers']);
    expect(kind('sysAdmin').routes).toBe(t.app.routeAccess.filter((r) => r.access !== 'public').length);
    expect(kind('regular').routes).toBeLessThan(kind('fullUser').routes);
    const admins = o.groups.find((g: { group: string }) => g.group === 'admins');
    expect(admins.routes).toContain(`POST ${RP}/explain`);
  });

  /** The explanation's verdicts against the record routes, for every user × record. */
  async function explanationsMatchEnforcement() {
    const wrong: string[] = [];
    for (const who of PEOPLE) {
      const inList = await listed(who);
      const inDrafts = await listed(who, true);
      for (const [name, id] of Object.entries(rec)) {
        const e = await ok('admin', 'POST', `${RP}/explain`, { userId: uid[who], moduleId, recordId: id });
        const detail = await call(who, 'GET', `${EM}/${id}/detail`);
        const opens = detail.statusCode === 200;
        const list = name === 'draft' ? inDrafts : inList;
        const shown = !!list?.includes(id);
        if (e.verdicts.open !== opens)
          wrong.push(`${who} ${name}: open ${e.verdicts.open}, detail ${detail.statusCode}`);
        if (e.verdicts.listed !== shown) wrong.push(`${who} ${name}: listed ${e.verdicts.listed}, list ${shown}`);
        if (e.verdicts.view !== (inList !== null)) wrong.push(`${who} ${name}: view ${e.verdicts.view}`);
        expect(JSON.stringify(e)).not.toContain('SECRET-RP-1');
      }
    }
    return wrong;
  }

  it('explains, for creator, assignee, team member, stranger, consultant and admin, what the routes enforce', async () => {
    await save({});
    expect(await explanationsMatchEnforcement()).toEqual([]);
    const e = await ok('admin', 'POST', `${RP}/explain`, { userId: uid.fin, moduleId, recordId: rec.rec2 });
    expect(e.verdicts).toMatchObject({ open: true, listed: true });
    expect(e.reasons).toContainEqual(expect.objectContaining({ key: 'RECORD.TASK', ok: true }));
    expect(e.reasons.find((r: { key: string }) => r.key === 'RECORD.TASK').params).toMatchObject({ team: 'Finance' });
    expect(e.teams).toEqual(['Finance']);
    const stranger = await ok('admin', 'POST', `${RP}/explain`, { userId: uid.uma, moduleId, recordId: rec.rec1 });
    expect(stranger.verdicts).toMatchObject({ open: false, listed: false });
    expect(stranger.reasons).toContainEqual({ key: 'RECORD.NONE', ok: false });
    // The finance step hides the secret: the summary names the field, never its value.
    expect(e.fields).toMatchObject({ step: 'Finance approval', hidden: ['Secret'] });
  });

  it('saves rules the record routes then enforce, and explains them the same way', async () => {
    await save({ rules: { view: { roles: ['consultant'], users: [uid.mia] }, create: { users: [uid.sam] } } });
    expect(await listed('sam')).toBeNull();
    expect(await listed('mia')).toEqual(expect.arrayContaining([rec.rec1]));
    expect(await listed('cora')).toEqual([]);
    const submit = await call('uma', 'POST', `${EM}/submit`, { moduleId, data: { title: 'x', amount: 1 } });
    expect(submit.statusCode).toBe(403);
    const e = await ok('admin', 'POST', `${RP}/explain`, { userId: uid.sam, moduleId, recordId: rec.rec1 });
    expect(e.verdicts).toMatchObject({ create: true, view: false, listed: false, open: true });
    expect(e.reasons).toContainEqual({ key: 'LIST.NO_VIEW_RULE', ok: false });
    expect(await explanationsMatchEnforcement()).toEqual([]);
    const apps = await ok('admin', 'GET', `${RP}/apps`);
    expect(apps.find((a: { id: string }) => a.id === moduleId).permission.rules.view.users).toEqual([uid.mia]);
    await settleInbox(tdb);
    const trail = await tdb
      .selectFrom('audit_events')
      .select(['action', 'target_id'])
      .where('action', '=', 'app.permissions')
      .execute();
    expect(trail.filter((x) => x.target_id === moduleId).length).toBeGreaterThanOrEqual(2);
  });

  it('previews a change: the what-if counts are what changes once it is saved', async () => {
    await save({ rules: { view: { roles: [] } } });
    const before = new Map<Who, string[] | null>();
    for (const who of PEOPLE) before.set(who, await listed(who));
    const proposed = { rules: { view: { roles: ['consultant'], users: [uid.mia, uid.fin] } } };
    const w = await ok('admin', 'POST', `${RP}/apps/${moduleId}/whatif`, { permission: proposed });
    // Nothing is saved by a preview.
    expect(await listed('mia')).toBeNull();
    await save(proposed);
    const gained = new Set<string>();
    let users = 0;
    for (const who of PEOPLE) {
      const after = await listed(who);
      if (before.get(who) === null && after !== null) {
        users++;
        for (const id of after) gained.add(id);
      }
    }
    expect(w.view.gained).toMatchObject({ users, records: gained.size });
    expect(w.view.gained.users).toBe(3);
    expect(w.view.gained.records).toBe(2);
    expect(w.view.lost).toMatchObject({ users: 0, records: 0 });
    // And back: the three lose what they gained.
    const back = await ok('admin', 'POST', `${RP}/apps/${moduleId}/whatif`, {
      permission: { rules: { view: { roles: [] } } },
    });
    expect(back.view.lost).toMatchObject({ users: 3, records: 2 });
    expect(back.view.lost.names).toEqual(expect.arrayContaining(['mia A', 'fin A', 'cora A']));
  });

  it('answers a clear 400 for rules it cannot store', async () => {
    const bad = async (permission: unknown, message: string) => {
      for (const url of [`${RP}/apps/${moduleId}/permission`, `${RP}/apps/${moduleId}/whatif`]) {
        const r = await call('admin', 'POST', url, { permission });
        expect(r.statusCode, r.body).toBe(400);
        expect(r.json()).toMatchObject({ success: false, message });
      }
    };
    await bad({ rules: { view: { roles: ['wizard'] } } }, expect.stringContaining('role'));
    await bad({ rules: { archive: { everyone: true } } }, expect.stringContaining('archive'));
    const ghost = await call('admin', 'POST', `${RP}/apps/${moduleId}/permission`, {
      permission: { rules: { view: { users: ['nobody-here'] } } },
    });
    expect(ghost.json()).toEqual({ success: false, message: 'A rule names someone who is not a user here.' });
  });
});
