import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const MenuSettingsPage = lazyPage(
  () => import('../pages/menu-settings/MenuSettingsPage'),
  (m) => m.MenuSettingsPage,
);

// Consultants open it read-only; administrators and system administrators change it (the API enforces both).
export const routes = defineRoutes([{ path: '/settings/menu', element: <MenuSettingsPage />, access: 'admin' }]);
