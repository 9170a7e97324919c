import { ModuleCategoriesPage } from '../pages/categories/ModuleCategoriesPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([
  { path: '/module-categories', element: <ModuleCategoriesPage />, access: 'admin' },
]);
