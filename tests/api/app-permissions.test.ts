import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from './engine-fixture.js';

/**
 * Issue 22: the six per-app rights (create, view, edit, delete, design, reports) granted by role, team or user and
 * enforced by the real routes; a team is resolved when checked; apps without the new rules behave as before.
 */
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const EM = '/api/EntryModule';
const RP = '/api/rolespermissions';
const ED = '/api/form/Editor';
const ACTIONS = ['create', 'view', 'edit', 'delete', 'design', 'reports'] as const;
type Action = (typeof ACTIONS)[number];
const PEOPLE = ['admin', 'ann', 'bob', 'cy', 'dee'] as const;
type Who = (typeof PEOPLE)[number];

describe.each(await testDialects())('per-app rights on %s', (dialect) => {
  let t: TestApp;
  let tdb: TenantDb;
  const tok: Partial<Record<Who, string>> = {};
  const uid: Partial<Record<Who, string>> = {};
  let moduleId = '';
  let design: { module: unknown; workflow: unknown };

  const call = (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(tok[who]!, A), ...(payload ? { payload: payload as object } : {}) });
  const ok = async (who: Who, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const r = await call(who, method, url, payload);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };
  const save = (permission: unknown) => ok('admin', 'POST', `${RP}/apps/${moduleId}/permission`, { permission });
  const draftOf = async (who: Who) => (await ok(who, 'POST', `${EM}/save`, { moduleId, data: { title: 'D' } })).id;
  const now = () => new Date().toISOString();
  const join = (team: string, who: Who) =>
    tdb.insertInto('team_members', { team_id: team, user_id: uid[who]!, added_on: now() }).execute();
  const leave = (team: string, who: Who) =>
    tdb.deleteFrom('team_members').where('team_id', '=', team).where('user_id', '=', uid[who]!).execute();

  /** The HTTP status of one real route that needs `action` (drafts needed for edit and delete made beforehand). */
  async function probe(who: Who, action: Action): Promise<number> {
    const route = async (): Promise<{ statusCode: number }> => {
      switch (action) {
        case 'create':
          return call(who, 'POST', `${EM}/save`, { moduleId, data: { title: 'New' } });
        case 'view':
          return call(who, 'POST', `${EM}/datatables`, { moduleId, length: 10 });
        case 'edit': {
          const d = await ok(who, 'POST', `${EM}/save`, { moduleId, data: { title: 'D' } });
          return call(who, 'POST', `${EM}/save`, {
            moduleId,
            recordId: d.id,
            version: d.version,
            data: { title: 'E' },
          });
        }
        case 'delete':
          return call(who, 'POST', `${EM}/deletebyId`, { id: await draftOf(who) });
        case 'design':
          return call(who, 'POST', `${ED}/SaveForm?id=${moduleId}`, design);
        case 'reports':
          return call(who, 'POST', '/api/form/report/run', { spec: { moduleId } });
      }
    };
    return (await route()).statusCode;
  }
  const verdicts = async (who: Who) =>
    (await ok('admin', 'POST', `${RP}/explain`, { userId: uid[who], moduleId })).verdicts as Record<Action, boolean>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { tenantId } = await t.addTenant('acme', PW);
    tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    // Everyone here designs (the designer and report routes are for designers); the rules tell them apart.
    for (const u of ['ann', 'bob', 'cy', 'dee'] as const)
      uid[u] = await insertUser(tdb, {
        username: u,
        email: `${u}@acme.test`,
        fullname: `${u} A`,
        password: PW,
        ...(u === 'cy' ? { isConsultant: true } : { isFullUser: true }),
      });
    for (const u of PEOPLE) tok[u] = await tokenFor(t.app, A, u, PW);
    uid.admin = (
      await tdb.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    for (const [id, name] of [
      ['team-ops', 'Operations'],
      ['team-fin', 'Finance'],
    ] as const)
      await tdb
        .insertInto('teams', { id, name, created_by: uid.admin, created_on: now(), modified_on: now() })
        .execute();
    await join('team-ops', 'ann');
    moduleId = (await ok('admin', 'POST', `${ED}/CreateProcessFromScratch`, { name: 'Orders' })).id;
    design = { module: expenseClaim, workflow: claimWorkflow({ finance: [], financeTeam: 'team-fin' }) };
    await ok('admin', 'POST', `${ED}/SaveForm?id=${moduleId}`, design);
    await ok('admin', 'POST', `${ED}/publish?id=${moduleId}`, {});
  });
  afterAll(() => t?.close());

  it('keeps today’s behaviour for an app without the new rules', async () => {
    await save({});
    for (const who of ['ann', 'bob', 'cy'] as const)
      for (const action of ACTIONS) expect([who, action, await probe(who, action)]).toEqual([who, action, 200]);
    // Deleting and reporting follow the view rule; designing stays with the designers.
    await save({ rules: { view: { roles: ['consultant'] } } });
    expect(await probe('bob', 'reports')).toBe(403);
    expect(await probe('bob', 'delete')).toBe(403);
    expect(await probe('bob', 'design')).toBe(200);
    expect(await probe('cy', 'reports')).toBe(200);
    expect(await probe('cy', 'delete')).toBe(200);
    const e = await ok('admin', 'POST', `${RP}/explain`, { userId: uid.bob, moduleId });
    expect(e.verdicts).toMatchObject({ view: false, delete: false, reports: false, design: true });
    expect(e.reasons).toContainEqual(
      expect.objectContaining({ key: 'RULE.NONE', ok: false, params: expect.objectContaining({ via: 'view' }) }),
    );
    expect(e.reasons).toContainEqual(expect.objectContaining({ key: 'RULE.DESIGNERS', ok: true }));
  });

  it.each(ACTIONS)('grants and refuses %s by role, team and user, as explained', async (action) => {
    await save({ rules: { [action]: { roles: ['consultant'], teams: ['team-ops'], users: [uid.dee] } } });
    const expected: Record<Exclude<Who, 'admin'>, number> = { cy: 200, ann: 200, dee: 200, bob: 403 };
    for (const [who, status] of Object.entries(expected) as [Exclude<Who, 'admin'>, number][]) {
      expect([who, await probe(who, action)]).toEqual([who, status]);
      expect([who, (await verdicts(who))[action]]).toEqual([who, status === 200]);
    }
    expect(await probe('admin', action)).toBe(200);
    const ann = await ok('admin', 'POST', `${RP}/explain`, { userId: uid.ann, moduleId });
    expect(ann.reasons).toContainEqual(
      expect.objectContaining({
        key: 'RULE.TEAM',
        ok: true,
        params: expect.objectContaining({ action, team: 'Operations' }),
      }),
    );
  });

  it('reads team membership when checking: joining grants at once, leaving refuses at once', async () => {
    await save({ rules: { reports: { roles: [], teams: ['team-fin'] }, delete: { roles: [], teams: ['team-fin'] } } });
    expect(await probe('bob', 'reports')).toBe(403);
    await join('team-fin', 'bob');
    expect(await probe('bob', 'reports')).toBe(200);
    expect(await probe('bob', 'delete')).toBe(200);
    await leave('team-fin', 'bob');
    expect(await probe('bob', 'reports')).toBe(403);
    expect(await probe('bob', 'delete')).toBe(403);
    // The stored rule still names the team, never its members.
    const row = (await ok('admin', 'GET', `${RP}/apps`)).find((a: { id: string }) => a.id === moduleId);
    expect(row.permission.rules.reports).toEqual({ roles: [], teams: ['team-fin'] });
  });

  it('keeps old rules that list users working, next to team rules', async () => {
    await save({ rules: { view: { roles: [], users: [uid.bob] }, reports: { roles: [], users: [uid.bob] } } });
    expect(await probe('bob', 'view')).toBe(200);
    expect(await probe('bob', 'reports')).toBe(200);
    expect(await probe('ann', 'reports')).toBe(403);
  });

  it('previews each new right in the what-if, equal to what changes once saved', async () => {
    await save({});
    const proposed = { rules: { reports: { roles: [], teams: ['team-ops'] }, design: { roles: ['consultant'] } } };
    const w = await ok('admin', 'POST', `${RP}/apps/${moduleId}/whatif`, { permission: proposed });
    // Reports: all but ann (team) and the administrator lose it; design: the full users lose it, the consultant keeps it.
    expect(w.reports.lost.users).toBe(3);
    expect(w.reports.lost.names.sort()).toEqual(['bob A', 'cy A', 'dee A']);
    expect(w.design.lost.names.sort()).toEqual(['ann A', 'bob A', 'dee A']);
    expect(w.reports.gained.users).toBe(0);
    const before = Object.fromEntries(await Promise.all(PEOPLE.map(async (p) => [p, await verdicts(p)])));
    await save(proposed);
    for (const action of ['reports', 'design'] as const) {
      const lost = [];
      for (const p of PEOPLE) if (before[p][action] && !(await verdicts(p))[action]) lost.push(p);
      expect(lost.length).toBe(w[action].lost.users);
    }
  });

  it('refuses a rule naming a team that is not this tenant’s', async () => {
    const r = await call('admin', 'POST', `${RP}/apps/${moduleId}/permission`, {
      permission: { rules: { reports: { teams: ['no-such-team'] } } },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({ success: false, message: 'A rule names a team that does not exist here.' });
    const bad = await call('admin', 'POST', `${RP}/apps/${moduleId}/whatif`, {
      permission: { rules: { design: { teams: 'team-ops' } } },
    });
    expect(bad.statusCode).toBe(400);
  });
});
