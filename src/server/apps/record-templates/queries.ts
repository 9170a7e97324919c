import type { TenantDb } from '../../tenancy/tenant-db.js';

export const templateById = (tdb: TenantDb, id: string) =>
  tdb.selectFrom('record_templates').selectAll().where('id', '=', id).executeTakeFirst();

/** The app's templates in their order (id breaks ties, so the order is stable). */
export const templatesOf = (tdb: TenantDb, moduleId: string) =>
  tdb
    .selectFrom('record_templates')
    .select(['id', 'module_id', 'template_name', 'order_index', 'created_by'])
    .where('module_id', '=', moduleId)
    .orderBy('order_index')
    .orderBy('id')
    .execute();

export const lastOrderIndex = async (tdb: TenantDb, moduleId: string) =>
  Number(
    (
      await tdb
        .selectFrom('record_templates')
        .select((eb) => eb.fn.max('order_index').as('m'))
        .where('module_id', '=', moduleId)
        .executeTakeFirst()
    )?.m ?? -1,
  );

export const insertTemplate = (
  tdb: TenantDb,
  row: { id: string; module_id: string; template_name: string; data: string; order_index: number; created_by: string },
) => {
  const now = new Date().toISOString();
  return tdb.insertInto('record_templates', { ...row, created_on: now, modified_on: now }).execute();
};

export const updateTemplate = (tdb: TenantDb, id: string, set: { data?: string; template_name?: string }) =>
  tdb
    .updateTable('record_templates')
    .set({ ...set, modified_on: new Date().toISOString() })
    .where('id', '=', id)
    .execute();

export const deleteTemplate = (tdb: TenantDb, id: string) =>
  tdb.deleteFrom('record_templates').where('id', '=', id).execute();

export const setOrderIndex = (tdb: TenantDb, id: string, index: number) =>
  tdb.updateTable('record_templates').set({ order_index: index }).where('id', '=', id).execute();
