import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const AuditTrailPage = lazyPage(
  () => import('../pages/audit/AuditTrailPage'),
  (m) => m.AuditTrailPage,
  ['audit'],
);

export const routes = defineRoutes([{ path: '/app/audit', element: <AuditTrailPage />, access: 'sysAdmin' }]);
