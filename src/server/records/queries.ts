import type { Selectable, Updateable } from 'kysely';
import type { RecordsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { OPEN } from '../engine/status.js';

/** An app that is not deleted, with what its form and its permission rules need. */
export const liveModule = (tdb: TenantDb, moduleId: string) =>
  tdb
    .selectFrom('modules')
    .select(['id', 'display_name', 'published_version', 'permission'])
    .where('id', '=', moduleId)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();

/** A task of a record by id (of any assignee: the caller decides who may see it). */
export const taskOfRecord = (tdb: TenantDb, recordId: string, taskId: string) =>
  tdb.selectFrom('tasks').selectAll().where('id', '=', taskId).where('record_id', '=', recordId).executeTakeFirst();

/** The user's newest open task on a record, if any. */
export const openTaskOf = (tdb: TenantDb, recordId: string, userId: string) =>
  tdb
    .selectFrom('tasks')
    .selectAll()
    .where('record_id', '=', recordId)
    .where('assignee_id', '=', userId)
    .where('status', '=', OPEN)
    .orderBy('started_on', 'desc')
    .limit(1)
    .executeTakeFirst();

/** One published version of an app. */
export const moduleVersion = (tdb: TenantDb, moduleId: string, version: number) =>
  tdb
    .selectFrom('module_versions')
    .selectAll()
    .where('module_id', '=', moduleId)
    .where('version', '=', version)
    .executeTakeFirst();

/** Takes the app's next sequence number (gap-free: inside the record's transaction). */
export async function nextSequence(tdb: TenantDb, moduleId: string): Promise<number> {
  const row = await tdb
    .updateTable('modules')
    .set((eb) => ({ sequence_next: eb('sequence_next', '+', 1) }))
    .where('id', '=', moduleId)
    .returning('sequence_next')
    .executeTakeFirstOrThrow();
  return row.sequence_next - 1;
}

export const insertRecord = (tdb: TenantDb, row: Selectable<RecordsTable>) => {
  const { tenant_id: _t, ...insert } = row;
  return tdb.insertInto('records', insert).execute();
};

/** Updates a record only at the version the writer read (optimistic locking): no row updated means a stale version. */
export const updateRecordData = (
  tdb: TenantDb,
  id: string,
  version: number,
  set: Pick<Updateable<RecordsTable>, 'data' | 'version' | 'modified_by' | 'modified_on'>,
) => tdb.updateTable('records').set(set).where('id', '=', id).where('version', '=', version).executeTakeFirst();
