import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../context.js';
import type { NotificationsTable } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';
import { OPEN as OPEN_TASK } from '../engine/status.js';

const PAGE_SIZE = 10;

function timeSince(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (s < 60) return 'just now';
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

const view = (n: Selectable<NotificationsTable>) => ({
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

/** The user's notifications: GET /api/Notification (page, 'lenght'), read one, mark all as read. */
export async function notificationRoutes(app: FastifyInstance, _ctx: AppContext) {
  app.get('/api/Notification', { schema: { tags: ['notifications'] } }, async (req) => {
    const q = req.query as { page?: string; lenght?: string; length?: string };
    const page = Math.max(1, Number(q.page ?? 1) || 1);
    const size = Math.min(100, Math.max(1, Number(q.lenght ?? q.length ?? PAGE_SIZE) || PAGE_SIZE));
    const mine = () => req.tdb.selectFrom('notifications').where('user_id', '=', req.user.id);
    const [rows, unread, open] = await Promise.all([
      mine()
        .selectAll()
        .orderBy('created_on', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      mine()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('read_on', 'is', null)
        .executeTakeFirstOrThrow(),
      req.tdb
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('assignee_id', '=', req.user.id)
        .where('status', '=', OPEN_TASK)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      success: true,
      message: '',
      data: { notif: rows.map(view), unread: Number(unread.n), open: Number(open.n) },
    };
  });

  app.get('/api/Notification/:id', { schema: { tags: ['notifications'] } }, async (req) => {
    const { id } = req.params as { id: string };
    const n = await req.tdb
      .selectFrom('notifications')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', req.user.id)
      .executeTakeFirst();
    if (!n) throw notFound('Notification not found');
    return { success: true, message: '', data: view(n) };
  });

  app.post('/api/Notification/read', { schema: { tags: ['notifications'] } }, async (req) => {
    const id = (req.body as { id?: unknown } | undefined)?.id ?? (req.query as { id?: unknown }).id;
    if (typeof id !== 'string' || !id) throw badRequest('The notification id is required.');
    const r = await req.tdb
      .updateTable('notifications')
      .set({ read_on: new Date().toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', req.user.id)
      .where('read_on', 'is', null)
      .executeTakeFirst();
    return { success: true, message: '', data: { updated: Number(r.numUpdatedRows) } };
  });

  app.post('/api/Notification/MarkAllAsRead', { schema: { tags: ['notifications'] } }, async (req) => {
    const r = await req.tdb
      .updateTable('notifications')
      .set({ read_on: new Date().toISOString() })
      .where('user_id', '=', req.user.id)
      .where('read_on', 'is', null)
      .executeTakeFirst();
    return { success: true, message: '', data: { updated: Number(r.numUpdatedRows) } };
  });
}
