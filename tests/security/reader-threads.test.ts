import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database.js';
import { createTenants, migratedDatabase, testDialects } from '../support/databases.js';

// Record list pages are read on reader threads with connections of their own (db/pg-reader.worker.mjs). Those
// connections must hold the same line as the server's: the tenant's rows only, and no writes.
const dialects = (await testDialects()).filter((d) => d === 'postgres');

describe.each(dialects)('reader threads on %s keep tenants apart', (dialect) => {
  let db: Database;
  const tenants: string[] = [];
  beforeAll(async () => {
    db = await migratedDatabase(dialect, { poolSize: 1 });
    tenants.push(...(await createTenants(db, ['iso-a', 'iso-b'])));
  });
  afterAll(() => db?.close());

  const everyUser = (tenantId?: string) =>
    db.pageReaders!.all<{ tenant_id: string }>(`select tenant_id from users where username <> $1`, [''], tenantId);

  it("never return another tenant's rows, even for a statement without the tenant condition", async () => {
    for (const t of [tenants[0]!, tenants[1]!, tenants[0]!]) {
      const rows = await everyUser(t);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.tenant_id))).toEqual(new Set([t]));
    }
  });

  it('return nothing when read for no tenant', async () => {
    expect(await everyUser(undefined)).toEqual([]);
  });

  it('refuse writes', async () => {
    await expect(
      db.pageReaders!.all(`update users set fullname = $1 where username = 'admin'`, ['Taken over'], tenants[1]),
    ).rejects.toThrow(/read-only/);
    const names = await db
      .forTenant(tenants[1]!)
      .selectFrom('users')
      .select('fullname')
      .where('username', '=', 'admin')
      .execute();
    expect(names).toHaveLength(1);
    expect(names.map((n) => n.fullname)).not.toContain('Taken over');
  });
});
