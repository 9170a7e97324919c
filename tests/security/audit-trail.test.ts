import { describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { PW, useOffice } from '../support/office.js';
import { bearer, tokenFor } from '../support/auth.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';

/** The audit trail is for system administrators only: an administrator is refused like a regular user. */
describe.each(await testDialects())('audit trail access on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'ada', isAdministrator: true }, 'reg']);
  const routes = [
    (who: string) => o.post(who, '/api/audittrail/datatables', {}),
    (who: string) => o.get(who, '/api/audittrail/export'),
    (who: string) => o.get(who, `/api/audittrail/export?x-token=${encodeURIComponent(o.tok[who]!)}`),
  ];

  it('answers 403 to an administrator and a regular user on every route, and serves the system administrator', async () => {
    for (const route of routes) {
      for (const who of ['ada', 'reg']) expect((await route(who)).statusCode, who).toBe(403);
      expect((await route('admin')).statusCode).toBe(200);
    }
  });

  it('never shows another tenant its entries', async () => {
    const bravo = await o.t.addTenant('bravo');
    const token = await tokenFor(o.t.app, 'bravo.localhost', 'admin', PW);
    const bravoDb = new TenantDb(bravo.tenantId, o.t.db.forTenant(bravo.tenantId));
    const bravoAdmin = await bravoDb
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const own = await o.t.app.inject({
      method: 'POST',
      url: '/api/audittrail/datatables',
      headers: bearer(token, 'bravo.localhost'),
      payload: { action: 'signin' },
    });
    expect(own.json().data.data.map((r: { actorId: string }) => r.actorId)).toEqual([bravoAdmin.id]);
    const acme = (await o.post('admin', '/api/audittrail/datatables', { actorId: bravoAdmin.id })).json().data;
    expect(acme.data).toHaveLength(0);
  });
});
