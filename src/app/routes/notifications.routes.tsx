import { NotificationPage } from '../pages/notifications/NotificationPage';
import { NotificationsPage } from '../pages/notifications/NotificationsPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([
  { path: '/notifications', element: <NotificationsPage />, access: 'everyone' },
  { path: '/notifications/:id', element: <NotificationPage />, access: 'everyone' },
]);
