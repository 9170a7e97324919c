import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

/**
 * Roles and permissions attacks: lower roles are refused; an administrator of one tenant can neither explain nor
 * change another tenant's users, apps or records (on either host); an explanation never carries record values.
 */
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const B = 'bravo.localhost';
const RP = '/api/rolespermissions';
const SECRET = 'SECRET-RPS-77';

describe.each(await testDialects())('roles and permissions attacks on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const id: Record<string, string> = {};
  const as = (who: string, host: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tok[who]!, host), ...(payload ? { payload } : {}) });
  const data = async (r: Awaited<ReturnType<typeof as>>) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const a = await t.addTenant('acme', PW);
    const b = await t.addTenant('bravo', PW);
    const tdbA = new TenantDb(a.tenantId, t.db.forTenant(a.tenantId));
    const tdbB = new TenantDb(b.tenantId, t.db.forTenant(b.tenantId));
    id.sam = await insertUser(tdbA, { username: 'sam', email: 's@acme.test', fullname: 'Sam', password: PW });
    await insertUser(tdbA, { username: 'ful', email: 'f@acme.test', fullname: 'Ful', password: PW, isFullUser: true });
    id.bob = await insertUser(tdbB, { username: 'bob', email: 'b@bravo.test', fullname: 'Bob', password: PW });
    for (const u of ['admin', 'sam', 'ful']) tok[u] = await tokenFor(t.app, A, u, PW);
    tok.bAdmin = await tokenFor(t.app, B, 'admin', PW);
    id.module = (
      await data(await as('admin', A, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name: 'Claims' }))
    ).id;
    await data(
      await as('admin', A, 'POST', `/api/form/Editor/SaveForm?id=${id.module}`, {
        module: expenseClaim,
        workflow: claimWorkflow({ finance: [] }),
      }),
    );
    await data(await as('admin', A, 'POST', `/api/form/Editor/publish?id=${id.module}`, {}));
    const submitted = await as('sam', A, 'POST', '/api/EntryModule/submit', {
      moduleId: id.module,
      data: { title: 'Trip', amount: 5, secret: SECRET },
    });
    id.record = (await data(submitted)).recordId;
    id.bModule = (
      await data(await as('bAdmin', B, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name: 'B app' }))
    ).id;
  });
  afterAll(() => t?.close());

  it('refuses regular and full users on every admin route', async () => {
    for (const who of ['sam', 'ful'])
      for (const [method, url, body] of [
        ['GET', `${RP}/apps`],
        ['GET', `${RP}/people`],
        ['GET', `${RP}/apps/${id.module}/records`],
        ['POST', `${RP}/apps/${id.module}/whatif`, { permission: {} }],
        ['POST', `${RP}/apps/${id.module}/permission`, { permission: {} }],
        ['POST', `${RP}/explain`, { userId: id.sam, moduleId: id.module }],
      ] as const) {
        const r = await as(who, A, method, url, body);
        expect(r.statusCode, `${who} ${url}`).toBe(403);
      }
    expect((await as('sam', A, 'GET', `${RP}/roles`)).statusCode).toBe(403);
  });

  it('never reaches another tenant’s users, apps or records, on either host', async () => {
    const attempts = [
      { userId: id.sam, moduleId: id.module, recordId: id.record }, // A's ids, B's admin
      { userId: id.bob, moduleId: id.module },
      { userId: id.sam, moduleId: id.bModule },
    ];
    for (const host of [A, B]) {
      for (const body of attempts.slice(0, 1)) {
        const r = await as('bAdmin', host, 'POST', `${RP}/explain`, body);
        expect([401, 404]).toContain(r.statusCode);
        expect(r.body).not.toContain('Sam');
      }
      for (const [method, url, body] of [
        ['GET', `${RP}/apps/${id.module}/records`],
        ['POST', `${RP}/apps/${id.module}/whatif`, { permission: {} }],
        ['POST', `${RP}/apps/${id.module}/permission`, { permission: { rules: { view: { roles: [] } } } }],
      ] as const) {
        const r = await as('bAdmin', host, method, url, body);
        expect([401, 404]).toContain(r.statusCode);
      }
    }
    // A's admin naming B's user or app: not found, nothing of B's in the answer.
    for (const body of attempts.slice(1)) {
      const r = await as('admin', A, 'POST', `${RP}/explain`, body);
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('Bob');
    }
    const bApps = await data(await as('bAdmin', B, 'GET', `${RP}/apps`));
    expect(bApps.map((x: { id: string }) => x.id)).toEqual([id.bModule]);
    const bPeople = await data(await as('bAdmin', B, 'GET', `${RP}/people`));
    expect(JSON.stringify(bPeople)).not.toContain('Sam');
    // A's rules are as they were.
    const aApps = await data(await as('admin', A, 'GET', `${RP}/apps`));
    expect(aApps[0].permission).toEqual({});
  });

  it('explains without any record value, and names no record of another app', async () => {
    const r = await as('admin', A, 'POST', `${RP}/explain`, {
      userId: id.sam,
      moduleId: id.module,
      recordId: id.record,
    });
    expect(r.body).not.toContain(SECRET);
    expect(r.body).not.toContain('Trip');
    const picks = await as('admin', A, 'GET', `${RP}/apps/${id.module}/records`);
    expect(picks.body).not.toContain(SECRET);
    const other = await data(
      await as('admin', A, 'POST', '/api/form/Editor/CreateProcessFromScratch', { name: 'Other' }),
    );
    const wrongApp = await as('admin', A, 'POST', `${RP}/explain`, {
      userId: id.sam,
      moduleId: other.id,
      recordId: id.record,
    });
    expect(wrongApp.statusCode).toBe(404);
  });

  it('answers clear 400s for bad input', async () => {
    const cases: [string, object, string][] = [
      [`${RP}/explain`, { moduleId: id.module }, 'userId'],
      [`${RP}/explain`, { userId: '', moduleId: id.module }, 'userId'],
      [`${RP}/apps/${id.module}/whatif`, {}, 'permission'],
      [`${RP}/apps/${id.module}/permission`, { permission: { rules: { view: { everyone: 'yes' } } } }, 'everyone'],
      [`${RP}/apps/${id.module}/permission`, { permission: { rules: { view: { users: [1] } } } }, 'users'],
    ];
    for (const [url, body, word] of cases) {
      const r = await as('admin', A, 'POST', url, body);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().success).toBe(false);
      expect(r.json().message).toContain(word);
    }
  });
});
