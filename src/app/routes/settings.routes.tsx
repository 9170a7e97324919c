import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const TeamDetailPage = lazyPage(
  () => import('../pages/settings/TeamDetailPage'),
  (m) => m.TeamDetailPage,
);
const TeamManagementPage = lazyPage(
  () => import('../pages/settings/TeamManagementPage'),
  (m) => m.TeamManagementPage,
);
const UserDetailPage = lazyPage(
  () => import('../pages/settings/UserDetailPage'),
  (m) => m.UserDetailPage,
);
const UserManagementPage = lazyPage(
  () => import('../pages/settings/UserManagementPage'),
  (m) => m.UserManagementPage,
);

export const routes = defineRoutes([
  { path: '/settings/user-management', element: <UserManagementPage />, access: 'admin' },
  { path: '/settings/user-management/:license', element: <UserManagementPage />, access: 'admin' },
  { path: '/settings/user-detail', element: <UserDetailPage />, access: 'admin' },
  { path: '/settings/team-management', element: <TeamManagementPage />, access: 'admin' },
  { path: '/settings/team-management/detail', element: <TeamDetailPage />, access: 'admin' },
]);
