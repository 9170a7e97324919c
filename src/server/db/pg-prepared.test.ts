import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from './database.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { createTenants, migratedDatabase, testDialects } from '../../../tests/support/databases.js';

const dialects = (await testDialects()).filter((d) => d === 'postgres');

describe.each(dialects)('prepared statements on %s', (dialect) => {
  let db: Database;
  const tenants: string[] = [];
  beforeAll(async () => {
    // One connection: every statement below runs on it, so its prepared statements can be listed.
    db = await migratedDatabase(dialect, { poolSize: 1 });
    tenants.push(...(await createTenants(db, ['prep-a', 'prep-b'])));
  });
  afterAll(() => db?.close());

  it('plans a repeated statement once and still shows each tenant only its own rows', async () => {
    const usersOf = (tenantId: string) =>
      new TenantDb(tenantId, db.forTenant(tenantId))
        .selectFrom('users')
        .select(['tenant_id'])
        .where('username', '=', 'admin')
        .execute();
    for (let round = 0; round < 3; round++)
      for (const t of tenants) expect((await usersOf(t)).map((r) => r.tenant_id)).toEqual([t]);
    // Without the tenant condition the same statement text still returns only the labelled tenant's row (RLS).
    const unscoped = (tenantId: string) =>
      db.forTenant(tenantId).selectFrom('users').select('tenant_id').where('username', '=', 'admin').execute();
    for (const t of [...tenants, ...tenants]) expect((await unscoped(t)).map((r) => r.tenant_id)).toEqual([t]);
    const prepared = await sql<{ name: string; calls: string }>`select name, generic_plans + custom_plans as calls
      from pg_prepared_statements where name like 'ff_%'`.execute(db.system);
    expect(prepared.rows.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...prepared.rows.map((r) => Number(r.calls)))).toBeGreaterThanOrEqual(4);
  });
});
