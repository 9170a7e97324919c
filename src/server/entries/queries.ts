import type { Insertable } from 'kysely';
import type { RecordCommentsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { param } from '../db/prepared-query.js';
import { notFound } from '../http/errors.js';
import { changeCount } from '../db/change-count.js';
import { parsePermission, type ModulePermission } from '../access/index.js';
import { indexedFieldNames } from './indexes.js';
import { Reusable } from './reusable.js';

/** What a record list needs of its app: who may view it, its published version and its indexed fields. */
export interface ListedModule {
  permission: ModulePermission;
  publishedVersion: number | null;
  indexed: string[];
}

const listed = new Reusable<ListedModule>();

/**
 * The app's row for a list, read once while the database has not changed (every page asks it; a change anywhere
 * reads it afresh, so a new permission or version applies to the next page). 404 for a missing or deleted app.
 */
export async function listedModule(tdb: TenantDb, moduleId: string): Promise<ListedModule> {
  const key = `${tdb.tenantId}|${moduleId}`;
  const hit = listed.get(key);
  if (hit) return hit;
  const count = changeCount();
  const r = await tdb.prepared(
    'list.module',
    (t) =>
      t
        .selectFrom('modules')
        .select(['permission', 'published_version', 'default_config'])
        .where('id', '=', param('module'))
        .where('deleted_on', 'is', null),
    { module: moduleId },
  );
  const row = r.rows[0];
  if (!row) throw notFound('App not found');
  const m = {
    permission: parsePermission(row.permission),
    publishedVersion: row.published_version,
    indexed: indexedFieldNames(row.default_config),
  };
  listed.set(key, count, m);
  return m;
}

export const recordsToDelete = (tdb: TenantDb, ids: string[]) =>
  tdb.selectFrom('records').selectAll().where('id', 'in', ids).execute();

/** Deletes records with their comments, history, tasks and process instances; notifications keep their text. */
export async function deleteRecordsWithTrail(tdb: TenantDb, ids: string[]): Promise<void> {
  for (const t of ['record_comments', 'activity_history', 'tasks'] as const)
    await tdb.deleteFrom(t).where('record_id', 'in', ids).execute();
  await tdb.updateTable('notifications').set({ record_id: null }).where('record_id', 'in', ids).execute();
  await tdb.deleteFrom('workflow_instances').where('record_id', 'in', ids).execute();
  await tdb.deleteFrom('records').where('id', 'in', ids).execute();
}

export const userNames = (tdb: TenantDb, userId: string) =>
  tdb.selectFrom('users').select(['fullname', 'username']).where('id', '=', userId).executeTakeFirst();

export const insertComment = (tdb: TenantDb, row: Omit<Insertable<RecordCommentsTable>, 'tenant_id'>) =>
  tdb.insertInto('record_comments', row).execute();

/** A page of a record's comments, newest first, with one row more than asked (is there a next page?). */
export const commentsOf = (tdb: TenantDb, recordId: string, page: number, length: number) =>
  tdb
    .selectFrom('record_comments')
    .select(['id', 'record_id', 'author_id', 'author_name', 'message', 'created_on'])
    .where('record_id', '=', recordId)
    .orderBy('created_on', 'desc')
    .orderBy('id', 'desc')
    .limit(length + 1)
    .offset((page - 1) * length)
    .execute();
