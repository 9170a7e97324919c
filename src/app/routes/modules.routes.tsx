import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const ModuleRecordsPage = lazyPage(
  () => import('../pages/modules/ModuleRecordsPage'),
  (m) => m.ModuleRecordsPage,
);

export const routes = defineRoutes([{ path: '/module/:moduleId', element: <ModuleRecordsPage />, access: 'everyone' }]);
