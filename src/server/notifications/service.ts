import type { Selectable } from 'kysely';
import type { NotificationsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, notFound } from '../http/errors.js';
import type { ListQuery, NotificationPage, NotificationView, Updated } from './schemas.js';
import { countOpenTasks, countUnread, markRead, oneNotification, pageOfNotifications } from './queries.js';

const PAGE_SIZE = 10;

export function timeSince(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  const units: [number, string][] = [
    [86400 * 365, 'year'],
    [86400 * 30, 'month'],
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units)
    if (s >= size) {
      const n = Math.floor(s / size);
      return `${n} ${name}${n > 1 ? 's' : ''} ago`;
    }
  return 'just now';
}

const view = (n: Selectable<NotificationsTable>): NotificationView => ({
  id: n.id,
  notification_type_name: n.notification_type_name,
  current_step: n.current_step,
  task_id: n.task_id,
  module_id: n.module_id,
  record_id: n.record_id,
  record_created_by: n.record_created_by,
  notification_content: n.notification_content,
  time_since: timeSince(n.created_on),
  created_on: n.created_on,
  read_on: n.read_on,
});

/** A page of the user's own notifications with the unread and open-task counts. */
export async function listNotifications(tdb: TenantDb, user: AuthUser, q: ListQuery): Promise<NotificationPage> {
  const page = q.page ?? 1;
  const size = q.lenght ?? q.length ?? PAGE_SIZE;
  const [rows, unread, open] = await Promise.all([
    pageOfNotifications(tdb, user.id, size, (page - 1) * size),
    countUnread(tdb, user.id),
    countOpenTasks(tdb, user.id),
  ]);
  return { notif: rows.map(view), unread: Number(unread.n), open: Number(open.n) };
}

export async function readNotification(tdb: TenantDb, user: AuthUser, id: string): Promise<NotificationView> {
  const n = await oneNotification(tdb, user.id, id);
  if (!n) throw notFound('Notification not found');
  return view(n);
}

/** Marks one notification (by id) or every unread one as read. */
export async function markNotificationsRead(tdb: TenantDb, user: AuthUser, id: string | 'all' | undefined): Promise<Updated> {
  if (!id) throw badRequest('The notification id is required.');
  const r = await markRead(tdb, user.id, id === 'all' ? undefined : id);
  return { updated: Number(r.numUpdatedRows) };
}
