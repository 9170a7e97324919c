import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer } from '../support/auth.js';
import { testDialects } from '../support/databases.js';
import { ACME, BRAVO, PW, useOffice } from '../support/office.js';

/**
 * The organisation's units belong to one tenant and are changed only by those who manage people: another tenant's
 * units are neither seen nor changed, a regular user and a designer may not edit, and a head, member, manager or
 * team must be of the same organisation.
 */
const U = '/api/org-units';

describe.each(await testDialects())('organisation units stay in their tenant and role on %s', (dialect) => {
  const o = useOffice(dialect, ['reg', { username: 'des', isFullUser: true }], { bravo: true });
  let acmeUnit = '';
  let bravoUser = '';
  let bravoTeam = '';
  const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    o.t.app.inject({
      method,
      url,
      headers: bearer(o.tok[who]!, who === 'bravo' ? BRAVO : ACME),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    const r = await call('admin', 'POST', U, { name: 'Finance' });
    acmeUnit = r.json().data.id;
    const bravoId = (
      await o.t.db.system.selectFrom('tenants').select('id').where('domain', '=', 'bravo').executeTakeFirstOrThrow()
    ).id;
    const bravo = new TenantDb(bravoId, o.t.db.forTenant(bravoId));
    bravoUser = await insertUser(bravo, { username: 'bob', email: 'bob@bravo.test', fullname: 'Bob', password: PW });
    bravoTeam = (await call('bravo', 'POST', '/api/people/teams', { name: 'Bravo team' })).json().data.id;
    expect((await call('bravo', 'POST', U, { name: 'Bravo HQ', headId: bravoUser })).json().success).toBe(true);
  });

  it("keeps another tenant's units invisible and unchangeable", async () => {
    const tree = (await call('bravo', 'GET', U)).json().data as { name: string }[];
    expect(tree.map((u) => u.name)).toEqual(['Bravo HQ']);
    const tries: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', object?][] = [
      [`${U}/${acmeUnit}`, 'GET'],
      [`${U}/${acmeUnit}`, 'PUT', { name: 'Taken' }],
      [`${U}/${acmeUnit}/move`, 'POST', { parentId: null }],
      [`${U}/${acmeUnit}/members/${bravoUser}`, 'PUT', {}],
      [`${U}/${acmeUnit}`, 'DELETE'],
    ];
    for (const [url, method, body] of tries) {
      const r = await call('bravo', method, url, body);
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.json().message).toBe('The unit does not exist.');
    }
    const acme = (await call('admin', 'GET', `${U}/${acmeUnit}`)).json().data;
    expect(acme).toMatchObject({ name: 'Finance', parentId: null });
    const under = await call('bravo', 'POST', U, { name: 'Sneaky', parentId: acmeUnit });
    expect(under.statusCode).toBe(404);
  });

  it("refuses another tenant's user as head, member or manager, and another tenant's team", async () => {
    const user = 'must be an active user of this organisation.';
    const cases: [string, 'POST' | 'PUT', object, string][] = [
      [`${U}/${acmeUnit}`, 'PUT', { headId: bravoUser }, `The head of a unit ${user}`],
      [U, 'POST', { name: 'X', headId: bravoUser }, `The head of a unit ${user}`],
      [`${U}/${acmeUnit}/members/${bravoUser}`, 'PUT', {}, `The member ${user}`],
      [`${U}/${acmeUnit}/members/${o.id.reg}`, 'PUT', { managerId: bravoUser }, `The manager ${user}`],
      [`${U}/${acmeUnit}`, 'PUT', { teamId: bravoTeam }, 'The team does not exist in this organisation.'],
    ];
    for (const [url, method, body, message] of cases) {
      const r = await call('admin', method, url, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toEqual({ success: false, message });
    }
    expect((await call('admin', 'GET', `${U}/${acmeUnit}`)).json().data).toMatchObject({ headId: null, members: [] });
    expect((await call('admin', 'GET', `${U}/managers/${bravoUser}`)).statusCode).toBe(404);
  });

  it('lets a regular user read nothing and a designer read the tree only; neither edits', async () => {
    expect((await call('reg', 'GET', U)).statusCode).toBe(403);
    expect((await call('des', 'GET', U)).statusCode).toBe(200);
    expect((await call('des', 'GET', `${U}/roles`)).statusCode).toBe(200);
    for (const who of ['reg', 'des']) {
      expect((await call(who, 'POST', U, { name: 'Mine' })).statusCode).toBe(403);
      expect((await call(who, 'PUT', `${U}/${acmeUnit}`, { name: 'Mine' })).statusCode).toBe(403);
      expect((await call(who, 'PUT', `${U}/${acmeUnit}/members/${o.id[who]}`, { role: 'Approver' })).statusCode).toBe(
        403,
      );
      expect((await call(who, 'DELETE', `${U}/${acmeUnit}`)).statusCode).toBe(403);
      expect((await call(who, 'GET', `${U}/${acmeUnit}`)).statusCode).toBe(403);
    }
  });

  it('answers bad input with a clear 400', async () => {
    const long = await call('admin', 'POST', U, { name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/name/);
    const role = await call('admin', 'PUT', `${U}/${acmeUnit}/members/${o.id.reg}`, { role: 'r'.repeat(61) });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toMatch(/role/);
    expect((await call('admin', 'POST', `${U}/${acmeUnit}/move`, {})).statusCode).toBe(400);
    expect((await call('admin', 'GET', `${U}/search`)).statusCode).toBe(400);
  });
});
