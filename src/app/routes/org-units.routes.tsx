import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const OrgUnitsPage = lazyPage(
  () => import('../pages/org-units/OrgUnitsPage'),
  (m) => m.OrgUnitsPage,
);

// The same page at both paths the spec names.
export const routes = defineRoutes([
  { path: '/organization', element: <OrgUnitsPage />, access: 'admin' },
  { path: '/app/organization', element: <OrgUnitsPage />, access: 'admin' },
]);
