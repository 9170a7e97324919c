import type { TenantDb } from '../../tenancy/tenant-db.js';

/** The parts of a live (not deleted) app this feature reads. */
export const liveModule = (tdb: TenantDb, id: string) =>
  tdb
    .selectFrom('modules')
    .select(['id', 'module_draft', 'default_config', 'email_templates', 'is_reassignment_disabled'])
    .where('id', '=', id)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();

export const userConfigs = (tdb: TenantDb, moduleId: string, userId: string) =>
  tdb
    .selectFrom('module_user_configs')
    .select(['tab', 'config'])
    .where('module_id', '=', moduleId)
    .where('user_id', '=', userId)
    .execute();

/** Replaces the user's configuration of one tab. Run inside a transaction. */
export async function replaceUserConfig(tx: TenantDb, moduleId: string, userId: string, tab: string, config: string) {
  await tx
    .deleteFrom('module_user_configs')
    .where('module_id', '=', moduleId)
    .where('user_id', '=', userId)
    .where('tab', '=', tab)
    .execute();
  await tx
    .insertInto('module_user_configs', {
      module_id: moduleId,
      user_id: userId,
      tab,
      config,
      modified_on: new Date().toISOString(),
    })
    .execute();
}

export const deleteUserConfigs = (tdb: TenantDb, moduleId: string) =>
  tdb.deleteFrom('module_user_configs').where('module_id', '=', moduleId).execute();

export const updateModule = (
  tdb: TenantDb,
  id: string,
  userId: string,
  set: { default_config?: string; email_templates?: string; is_reassignment_disabled?: number },
) =>
  tdb
    .updateTable('modules')
    .set({ ...set, modified_by: userId, modified_on: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
