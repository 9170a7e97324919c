import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const RolesPermissionsPage = lazyPage(
  () => import('../pages/roles-permissions/RolesPermissionsPage'),
  (m) => m.RolesPermissionsPage,
  ['rolesperm'],
);

// Settings are open to consultants too (spec section 6): they see the roles overview; editing is for administrators.
export const routes = defineRoutes([
  { path: '/settings/roles-permissions', element: <RolesPermissionsPage />, access: 'admin' },
]);
