import { ok, type ApiApp } from '../http/api.js';
import { IdParams, NoBody } from '../../../schemas/api/common.js';
import { ListAnswer, ListQuery, OneAnswer, ReadBody, ReadQuery, UpdatedAnswer } from './schemas.js';
import { listNotifications, markNotificationsRead, readNotification } from './service.js';

const tags = ['notifications'];

/** The user's notifications: GET /api/Notification (page, 'lenght'), read one, mark all as read. */
export function notificationRoutes(app: ApiApp) {
  app.get(
    '/api/Notification',
    { schema: { tags, querystring: ListQuery, response: { 200: ListAnswer } } },
    async (req) => ok(await listNotifications(req.tdb, req.user, req.query)),
  );

  app.get('/api/Notification/:id', { schema: { tags, params: IdParams, response: { 200: OneAnswer } } }, async (req) =>
    ok(await readNotification(req.tdb, req.user, req.params.id)),
  );

  app.post(
    '/api/Notification/read',
    { schema: { tags, body: ReadBody, querystring: ReadQuery, response: { 200: UpdatedAnswer } } },
    async (req) => ok(await markNotificationsRead(req.tdb, req.user, req.body.id ?? req.query.id)),
  );

  app.post(
    '/api/Notification/MarkAllAsRead',
    { schema: { tags, body: NoBody, response: { 200: UpdatedAnswer } } },
    async (req) => ok(await markNotificationsRead(req.tdb, req.user, 'all')),
  );
}
