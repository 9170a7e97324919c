import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const WebhookListPage = lazyPage(
  () => import('../pages/webhooks/WebhookListPage'),
  (m) => m.WebhookListPage,
  ['webhooks'],
);
const WebhookPage = lazyPage(
  () => import('../pages/webhooks/WebhookPage'),
  (m) => m.WebhookPage,
  ['webhooks'],
);

export const routes = defineRoutes([
  { path: '/webhooks', element: <WebhookListPage />, access: 'admin' },
  { path: '/webhooks/add', element: <WebhookPage />, access: 'admin' },
  { path: '/webhooks/:id', element: <WebhookPage />, access: 'admin' },
]);
