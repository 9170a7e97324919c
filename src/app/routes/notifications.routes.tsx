import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const NotificationPage = lazyPage(
  () => import('../pages/notifications/NotificationPage'),
  (m) => m.NotificationPage,
);
const NotificationsPage = lazyPage(
  () => import('../pages/notifications/NotificationsPage'),
  (m) => m.NotificationsPage,
);

export const routes = defineRoutes([
  { path: '/notifications', element: <NotificationsPage />, access: 'everyone' },
  { path: '/notifications/:id', element: <NotificationPage />, access: 'everyone' },
]);
