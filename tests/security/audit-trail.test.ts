import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { PW, useOffice } from '../support/office.js';
import { bearer, tokenFor } from '../support/auth.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { auditMany, auditRow } from '../../src/server/audit/trail.js';
import { verifyTenant } from '../../src/server/audit/chain.js';

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

  it("keeps one tenant's chain links and sealing queue out of another tenant's reach", async () => {
    const charlie = await o.t.addTenant('charlie');
    const charlieDb = new TenantDb(charlie.tenantId, o.t.db.forTenant(charlie.tenantId));
    await auditMany(charlieDb, [{ action: 'settings.update' }, { action: 'settings.update' }]);
    await o.t.app.auditSealer.sealAll();
    const links = await charlieDb.selectFrom('audit_seals').select('entry_id').execute();
    expect(links.length).toBeGreaterThan(0);
    // Acme's connection asks for Charlie's links and queue by id: the sealer's own queries, pointed elsewhere.
    const acme = o.t.db.forTenant(o.tdb.tenantId);
    const ids = links.map((l) => l.entry_id);
    if (dialect === 'postgres') {
      // Row-level security: the rows are not there for Acme, and a link written under Charlie's name is refused.
      const seen = await sql<{
        n: string;
      }>`select count(*) n from audit_seals where entry_id in (${sql.join(ids)})`.execute(acme);
      expect(Number(seen.rows[0]!.n)).toBe(0);
      await expect(
        sql`insert into audit_seals (tenant_id, seal_seq, entry_id, prev_hash, hash)
            values (${charlie.tenantId}, 999999, 1, '', 'x')`.execute(acme),
      ).rejects.toThrow();
    }
    // Through the tenant-scoped context on both databases: Acme's sealing and verifying never touch Charlie's rows.
    const acmeLinks = await o.tdb.selectFrom('audit_seals').select('entry_id').where('entry_id', 'in', ids).execute();
    expect(acmeLinks).toEqual([]);
    expect(await verifyTenant(charlieDb)).toMatchObject({ ok: true, unsealed: 0 });
  });

  it("keeps one tenant's inbox out of another tenant's reach: not seen, not written, not moved", async () => {
    const delta = await o.t.addTenant('delta');
    const deltaDb = new TenantDb(delta.tenantId, o.t.db.forTenant(delta.tenantId));
    // Written without telling the sealer (only its 15 s sweep would move it meanwhile).
    await deltaDb
      .insertInto('audit_inbox', auditRow(deltaDb, { action: 'settings.update', targetId: 'delta-secret' }, 'now'))
      .execute();
    const acme = o.t.db.forTenant(o.tdb.tenantId);
    if (dialect === 'postgres') {
      const seen = await sql<{
        n: string;
      }>`select count(*) n from audit_inbox where target_id = 'delta-secret'`.execute(acme);
      expect(Number(seen.rows[0]!.n)).toBe(0);
      await expect(
        sql`insert into audit_inbox (tenant_id, at, action) values (${delta.tenantId}, 'x', 'forged')`.execute(acme),
      ).rejects.toThrow();
    }
    // Acme's list moves Acme's inbox only: Delta's entry still waits, and Acme's trail never shows it.
    const page = (await o.post('admin', '/api/audittrail/datatables', { search: 'delta-secret' })).json().data;
    expect(page.data).toEqual([]);
    expect((await verifyTenant(deltaDb)).unsealed).toBe(1);
    await o.t.app.auditSealer.sealAll();
    expect(await verifyTenant(deltaDb)).toMatchObject({ ok: true, unsealed: 0 });
  });
});
