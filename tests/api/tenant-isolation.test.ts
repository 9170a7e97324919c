import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';

describe.each(await testDialects())('tenant isolation on %s', (dialect) => {
  let t: TestApp;
  let a: TenantDb;
  let b: TenantDb;
  let bId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const ta = await t.addTenant('alpha');
    const tb = await t.addTenant('beta');
    bId = tb.tenantId;
    a = new TenantDb(ta.tenantId, t.db.forTenant(ta.tenantId));
    b = new TenantDb(tb.tenantId, t.db.forTenant(tb.tenantId));
  });
  afterAll(() => t?.close());

  it("reads only its own tenant's rows", async () => {
    const rows = await a.selectFrom('users').select(['username', 'tenant_id']).execute();
    expect(rows).toHaveLength(1);
    expect(rows.every((r) => r.tenant_id === a.tenantId)).toBe(true);
    const byB = await a.selectFrom('users').selectAll().where('tenant_id', '=', bId).execute();
    expect(byB).toHaveLength(0);
  });

  it("cannot update or delete another tenant's rows", async () => {
    const bUser = await b.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const upd = await a
      .updateTable('users')
      .set({ fullname: 'hijacked' })
      .where('id', '=', bUser.id)
      .executeTakeFirst();
    expect(Number(upd.numUpdatedRows)).toBe(0);
    const del = await a.deleteFrom('users').where('id', '=', bUser.id).executeTakeFirst();
    expect(Number(del.numDeletedRows)).toBe(0);
    const still = await b.selectFrom('users').select('fullname').where('id', '=', bUser.id).executeTakeFirstOrThrow();
    expect(still.fullname).toBe('Administrator');
  });

  it('inserts always carry its own tenant id, whatever the caller passes', async () => {
    await a
      .insertInto('outbox', {
        kind: 'test',
        idempotency_key: 'k1',
        payload: '{}',
        status: 'pending',
        attempts: 0,
        available_at: new Date().toISOString(),
        last_error: null,
        created_on: new Date().toISOString(),
        delivered_on: null,
        // a forged tenant column is overwritten by the scope
        ...({ tenant_id: bId } as object),
      })
      .execute();
    expect(await b.selectFrom('outbox').selectAll().execute()).toHaveLength(0);
    expect(await a.selectFrom('outbox').selectAll().execute()).toHaveLength(1);
  });

  if (dialect === 'postgres')
    it('row-level security blocks a query that forgets the tenant', async () => {
      // Raw SQL on a connection labelled for alpha, with no tenant condition at all.
      const aRaw = t.db.forTenant(a.tenantId);
      const { rows } = await sql<{ tenant_id: string }>`select tenant_id from users`.execute(aRaw);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.tenant_id === a.tenantId)).toBe(true);
      // An unlabelled application connection sees no tenant rows at all.
      const { rows: none } = await sql`select * from users`.execute(t.db.system);
      expect(none).toHaveLength(0);
      // Writing a row for beta through alpha's connection is rejected by the policy.
      await expect(
        sql`insert into outbox (tenant_id, kind, idempotency_key, payload, status, attempts, available_at, created_on)
          values (${bId}, 'x', 'forged', '{}', 'pending', 0, '2026-01-01', '2026-01-01')`.execute(aRaw),
      ).rejects.toThrow(/row-level security/);
      const { rows: upd } = await sql`update users set fullname = 'x' where tenant_id = ${bId} returning id`.execute(
        aRaw,
      );
      expect(upd).toHaveLength(0);
    });
});
