import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const ModuleCategoriesPage = lazyPage(
  () => import('../pages/categories/ModuleCategoriesPage'),
  (m) => m.ModuleCategoriesPage,
);

export const routes = defineRoutes([
  { path: '/module-categories', element: <ModuleCategoriesPage />, access: 'admin' },
]);
