import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const ApplicationsPage = lazyPage(
  () => import('../pages/apps/ApplicationsPage'),
  (m) => m.ApplicationsPage,
);

export const routes = defineRoutes([{ path: '/applications', element: <ApplicationsPage />, access: 'everyone' }]);
