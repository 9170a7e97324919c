import type { TenantDb } from '../tenancy/tenant-db.js';

/** The tenant's stored menu configuration (JSON text), if any. */
export async function storedConfig(tdb: TenantDb): Promise<string | undefined> {
  const r = await tdb.selectFrom('tenant_menu').select('config').executeTakeFirst();
  return r?.config;
}

export async function storeConfig(tdb: TenantDb, config: string, userId: string): Promise<void> {
  const modified_on = new Date().toISOString();
  const set = { config, modified_on, modified_by: userId };
  const done = await tdb.updateTable('tenant_menu').set(set).executeTakeFirst();
  if (!Number(done.numUpdatedRows)) await tdb.insertInto('tenant_menu', set).execute();
}

export async function dropConfig(tdb: TenantDb): Promise<void> {
  await tdb.deleteFrom('tenant_menu').execute();
}
