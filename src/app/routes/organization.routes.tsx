import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const OrganizationSettingsPage = lazyPage(
  () => import('../pages/organization/OrganizationSettingsPage'),
  (m) => m.OrganizationSettingsPage,
);

export const routes = defineRoutes([
  { path: '/settings/organization', element: <OrganizationSettingsPage />, access: 'admin' },
]);
