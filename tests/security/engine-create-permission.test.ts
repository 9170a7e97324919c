import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import type { AuthUser } from '../../src/server/identity/user-info.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';
import type { DialectName } from '../../src/server/db/database.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

/**
 * Hardening: submitting a new record creates it, so it needs the app's create permission, checked inside the
 * action (on SQLite it runs on the engine's writer thread, or on the main thread with ENGINE_THREAD=off). A refused
 * submit stores nothing: no record, instance, task, history, notification or outbox entry.
 */
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const REFUSED = 'You do not have permission to create records of this app.';

interface Variant {
  name: string;
  dialect: DialectName;
  env: Record<string, string>;
}
const variants: Variant[] = [];
for (const dialect of await testDialects()) {
  if (dialect !== 'sqlite') variants.push({ name: dialect, dialect, env: {} });
  else
    variants.push(
      { name: 'sqlite, writer thread', dialect, env: {} },
      { name: 'sqlite, main thread', dialect, env: { ENGINE_THREAD: 'off' } },
    );
}

describe.each(variants)('submit needs the create permission ($name)', ({ dialect, env }) => {
  let t: TestApp;
  let tdb: TenantDb;
  let tenantId = '';
  const id: Record<string, string> = {};
  const tok: Record<string, string> = {};
  let moduleId = '';

  const post = (who: string, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url, headers: bearer(tok[who]!, A), payload });
  const submit = (who: string, title: string) =>
    post(who, '/api/EntryModule/submit', { moduleId, data: { title, amount: 10, manager: id.mia } });
  /** Everything an action writes, counted per table. */
  const written = async () => {
    const n = async (
      table: 'records' | 'workflow_instances' | 'tasks' | 'activity_history' | 'outbox' | 'notifications',
    ) =>
      Number(
        (
          await tdb
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      records: await n('records'),
      instances: await n('workflow_instances'),
      tasks: await n('tasks'),
      history: await n('activity_history'),
      outbox: await n('outbox'),
      notifications: await n('notifications'),
    };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, env);
    ({ tenantId } = await t.addTenant('acme', PW));
    tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    for (const u of ['sam', 'cal', 'mia'])
      id[u] = await insertUser(tdb, { username: u, email: `${u}@acme.test`, fullname: `${u} person`, password: PW });
    id.admin = (
      await tdb.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
    ).id;
    for (const u of ['admin', 'sam', 'cal', 'mia']) tok[u] = await tokenFor(t.app, A, u, PW);
    moduleId = (await post('admin', '/api/form/Editor/CreateProcessFromScratch', { name: 'Expense claims' })).json()
      .data.id;
    const saved = await post('admin', `/api/form/Editor/SaveForm?id=${moduleId}`, {
      module: expenseClaim,
      workflow: claimWorkflow({ finance: [id.mia!] }),
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    expect((await post('admin', `/api/form/Editor/publish?id=${moduleId}`)).json().success).toBe(true);
    // Only Cal (by id) and consultants may create records of this app; administrators always may.
    const rules = { create: { users: [id.cal], roles: ['consultant'] } };
    await tdb
      .updateTable('modules')
      .set({ permission: JSON.stringify({ rules }) })
      .where('id', '=', moduleId)
      .execute();
  });
  afterAll(() => t?.close());

  it('refuses a new record to a user the create rule leaves out, with 403 and nothing stored', async () => {
    const before = await written();
    for (const who of ['sam', 'mia']) {
      const r = await submit(who, `by ${who}`);
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json()).toEqual({ success: false, message: REFUSED });
    }
    expect(await written()).toEqual(before);
  });

  it('refuses inside the action itself, whoever calls it', async () => {
    const before = await written();
    const sam: AuthUser = {
      id: id.sam!,
      tenantId,
      username: 'sam',
      email: 'sam@acme.test',
      fullname: 'sam person',
      isSysAdmin: false,
      isAdministrator: false,
      isFullUser: false,
      isConsultant: false,
      sessionId: 'test',
    };
    await expect(
      t.ctx.transitions.run('submit', tenantId, sam, {
        moduleId,
        data: { title: 'direct', amount: 1, manager: id.mia },
      }),
    ).rejects.toMatchObject({ statusCode: 403, message: REFUSED });
    // The same caller holding a role the rule names may.
    const ok = await t.ctx.transitions.run(
      'submit',
      tenantId,
      { ...sam, isConsultant: true },
      {
        moduleId,
        data: { title: 'as consultant', amount: 1, manager: id.mia },
      },
    );
    expect(ok.workflow_status).toBe('Submitted');
    expect((await written()).records).toBe(before.records + 1);
  });

  it('lets the listed user and an administrator submit new records', async () => {
    for (const who of ['cal', 'admin']) {
      const r = await submit(who, `by ${who}`);
      expect(r.statusCode, r.body).toBe(200);
      const rec = await tdb
        .selectFrom('records')
        .select(['created_by', 'workflow_status'])
        .where('id', '=', r.json().data.recordId)
        .executeTakeFirstOrThrow();
      expect(rec).toEqual({ created_by: id[who], workflow_status: 'Submitted' });
    }
  });
});
