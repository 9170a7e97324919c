import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ModulesTable } from '../../db/schema.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { likePattern, type DatatableQuery } from '../datatable.js';

export type ModuleRow = Selectable<ModulesTable>;

/** The columns the app lists read. */
export const LIST_COLUMNS = [
  'id',
  'display_name',
  'module_description',
  'app_icon',
  'status',
  'published_version',
  'application_module_category_id',
  'add_to_quick_launch',
  'created_on',
  'modified_on',
  'permission',
] as const;
export type ListRow = Pick<ModuleRow, (typeof LIST_COLUMNS)[number]>;

const live = (tdb: TenantDb) => tdb.selectFrom('modules').where('deleted_on', 'is', null);

/** `lower(column) like %text%`, matching the text literally. */
export const likeText = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape ${sql.raw("'\\'")}`;

export const liveModule = (tdb: TenantDb, id: string) => live(tdb).selectAll().where('id', '=', id).executeTakeFirst();

/** Whether another live app already has this name. */
export async function nameTaken(tdb: TenantDb, name: string, exceptId?: string): Promise<boolean> {
  let q = live(tdb).select('id').where('display_name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export const categoryExists = async (tdb: TenantDb, id: string) =>
  !!(await tdb.selectFrom('module_categories').select('id').where('id', '=', id).executeTakeFirst());

export const insertModule = (tdb: TenantDb, row: Omit<Insertable<ModulesTable>, 'tenant_id'>) =>
  tdb.insertInto('modules', row).execute();

/** Updates a live app; answers whether it existed. */
export async function updateLiveModule(tdb: TenantDb, id: string, set: Updateable<ModulesTable>): Promise<boolean> {
  const r = await tdb
    .updateTable('modules')
    .set(set)
    .where('id', '=', id)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();
  return !!Number(r.numUpdatedRows);
}

export const insertVersion = (
  tdb: TenantDb,
  row: { module_id: string; version: number; definition: string; workflow: string; published_by: string },
) => tdb.insertInto('module_versions', { ...row, published_on: new Date().toISOString() }).execute();

/** Live apps with the list columns, by name; published ones only when asked. */
export function listRows(
  tdb: TenantDb,
  opts: { publishedOnly?: boolean; search?: string; ids?: string[]; limit?: number },
) {
  let q = live(tdb).select([...LIST_COLUMNS]);
  if (opts.publishedOnly) q = q.where('status', '=', 'Published');
  if (opts.search) q = q.where(likeText('display_name', opts.search));
  if (opts.ids) q = q.where('id', 'in', opts.ids);
  q = q.orderBy('display_name');
  if (opts.limit) q = q.limit(opts.limit);
  return q.execute();
}

/** The apps with the most records (at most 50), with their counts. */
export const mostRecords = (tdb: TenantDb) =>
  tdb
    .selectFrom('records')
    .select(['module_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('module_id')
    .orderBy('n', 'desc')
    .limit(50)
    .execute();

/**
 * The datatable over live apps: search by name, filters and orders on allowed columns (parseDatatable checked
 * them), name and id last so pages are stable. `count` counts the filtered apps; `rows` reads a page (or all).
 */
export function appTable(tdb: TenantDb, dq: DatatableQuery, publishedOnly: boolean) {
  let base = live(tdb);
  if (publishedOnly) base = base.where('status', '=', 'Published');
  if (dq.search) base = base.where(likeText('display_name', dq.search));
  for (const f of dq.filters) {
    if (f.operator === 'contains') base = base.where(likeText(f.field, f.value));
    else base = base.where(sql.ref(f.field), f.operator === 'eq' ? '=' : '!=', f.value);
  }
  let ordered = base.select([...LIST_COLUMNS]);
  for (const o of dq.order) ordered = ordered.orderBy(sql.ref(o.column), o.dir);
  ordered = ordered.orderBy('display_name').orderBy('id');
  return {
    count: async () =>
      Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    rows: (page?: { limit: number; offset: number }) =>
      (page ? ordered.limit(page.limit).offset(page.offset) : ordered).execute(),
  };
}
