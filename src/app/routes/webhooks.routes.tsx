import { WebhookListPage } from '../pages/webhooks/WebhookListPage';
import { WebhookPage } from '../pages/webhooks/WebhookPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([
  { path: '/webhooks', element: <WebhookListPage />, access: 'admin' },
  { path: '/webhooks/add', element: <WebhookPage />, access: 'admin' },
  { path: '/webhooks/:id', element: <WebhookPage />, access: 'admin' },
]);
