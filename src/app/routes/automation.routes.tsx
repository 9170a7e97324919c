import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const AutomationListPage = lazyPage(
  () => import('../pages/automation/AutomationListPage'),
  (m) => m.AutomationListPage,
);
const AutomationPage = lazyPage(
  () => import('../pages/automation/AutomationPage'),
  (m) => m.AutomationPage,
);

export const routes = defineRoutes([
  { path: '/robotic-automation', element: <AutomationListPage />, access: 'admin' },
  { path: '/robotic-automation/add', element: <AutomationPage />, access: 'admin' },
  { path: '/robotic-automation/:id', element: <AutomationPage />, access: 'admin' },
]);
