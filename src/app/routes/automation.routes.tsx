import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const AutomationListPage = lazyPage(
  () => import('../pages/automation/AutomationListPage'),
  (m) => m.AutomationListPage,
);
// The record trigger names events with the webhook pages' texts.
const AutomationPage = lazyPage(
  () => import('../pages/automation/AutomationPage'),
  (m) => m.AutomationPage,
  ['webhooks'],
);

export const routes = defineRoutes([
  { path: '/robotic-automation', element: <AutomationListPage />, access: 'admin' },
  { path: '/robotic-automation/add', element: <AutomationPage />, access: 'admin' },
  { path: '/robotic-automation/:id', element: <AutomationPage />, access: 'admin' },
]);
