import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const DashboardPage = lazyPage(
  () => import('../pages/dashboards/DashboardPage'),
  (m) => m.DashboardPage,
  ['dashboards'],
);
const DashboardListPage = lazyPage(
  () => import('../pages/dashboards/DashboardListPage'),
  (m) => m.DashboardListPage,
  ['dashboards'],
);
const DashboardLandingPage = lazyPage(
  () => import('../pages/dashboards/DashboardLandingPage'),
  (m) => m.DashboardLandingPage,
  ['dashboards'],
);
const BiPage = lazyPage(
  () => import('../pages/bi/BiPage'),
  (m) => m.BiPage,
  ['dashboards'],
);
const BiLandingPage = lazyPage(
  () => import('../pages/bi/BiLandingPage'),
  (m) => m.BiLandingPage,
  ['dashboards'],
);
const BiReportsPage = lazyPage(
  () => import('../pages/bi/BiReportsPage'),
  (m) => m.BiReportsPage,
  ['dashboards'],
);

/** Dashboards and business intelligence: full users, consultants and administrators (spec section 2). */
export const routes = defineRoutes([
  { path: '/dashboard', element: <DashboardPage />, access: 'designer' },
  { path: '/dashboard-landing', element: <DashboardLandingPage />, access: 'designer' },
  { path: '/list-dashboard', element: <DashboardListPage />, access: 'designer' },
  { path: '/business-intelligence', element: <BiPage />, access: 'designer' },
  { path: '/business-intelligence-landing', element: <BiLandingPage />, access: 'designer' },
  { path: '/bi-reports', element: <BiReportsPage />, access: 'designer' },
]);
