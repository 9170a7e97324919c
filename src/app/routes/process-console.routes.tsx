import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const ProcessConsolePage = lazyPage(
  () => import('../pages/process-console/ProcessConsolePage'),
  (m) => m.ProcessConsolePage,
  ['processconsole'],
);
const ProcessDashboardPage = lazyPage(
  () => import('../pages/process-console/ProcessDashboardPage'),
  (m) => m.ProcessDashboardPage,
  ['processconsole'],
);

export const routes = defineRoutes([
  { path: '/process-engine', element: <ProcessConsolePage />, access: 'sysAdmin' },
  { path: '/process-engine/:recordId', element: <ProcessConsolePage />, access: 'sysAdmin' },
  { path: '/process/dashboard', element: <ProcessDashboardPage />, access: 'sysAdmin' },
]);
