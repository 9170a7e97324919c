import type { Insertable } from 'kysely';
import type { RecordCommentsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { param } from '../db/prepared-query.js';
import { notFound } from '../http/errors.js';

/** What a record list needs of its app (built once: every page asks it). */
export async function listedModule(tdb: TenantDb, moduleId: string) {
  const r = await tdb.prepared(
    'list.module',
    (t) => t.selectFrom('modules').select(['published_version', 'default_config']).where('id', '=', param('module')),
    { module: moduleId },
  );
  if (!r.rows[0]) throw notFound('App not found');
  return r.rows[0];
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
