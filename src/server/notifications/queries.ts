import type { TenantDb } from '../tenancy/tenant-db.js';
import { OPEN as OPEN_TASK } from '../engine/status.js';

const mine = (tdb: TenantDb, userId: string) => tdb.selectFrom('notifications').where('user_id', '=', userId);

export const pageOfNotifications = (tdb: TenantDb, userId: string, size: number, offset: number) =>
  mine(tdb, userId).selectAll().orderBy('created_on', 'desc').orderBy('id', 'desc').limit(size).offset(offset).execute();

export const countUnread = (tdb: TenantDb, userId: string) =>
  mine(tdb, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('read_on', 'is', null)
    .executeTakeFirstOrThrow();

export const countOpenTasks = (tdb: TenantDb, userId: string) =>
  tdb
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('assignee_id', '=', userId)
    .where('status', '=', OPEN_TASK)
    .executeTakeFirstOrThrow();

export const oneNotification = (tdb: TenantDb, userId: string, id: string) =>
  mine(tdb, userId).selectAll().where('id', '=', id).executeTakeFirst();

/** Marks unread notifications of the user as read: one by id, or all. */
export const markRead = (tdb: TenantDb, userId: string, id?: string) => {
  let q = tdb
    .updateTable('notifications')
    .set({ read_on: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('read_on', 'is', null);
  if (id) q = q.where('id', '=', id);
  return q.executeTakeFirst();
};
