import { TeamDetailPage } from '../pages/settings/TeamDetailPage';
import { TeamManagementPage } from '../pages/settings/TeamManagementPage';
import { UserDetailPage } from '../pages/settings/UserDetailPage';
import { UserManagementPage } from '../pages/settings/UserManagementPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([
  { path: '/settings/user-management', element: <UserManagementPage />, access: 'admin' },
  { path: '/settings/user-management/:license', element: <UserManagementPage />, access: 'admin' },
  { path: '/settings/user-detail', element: <UserDetailPage />, access: 'admin' },
  { path: '/settings/team-management', element: <TeamManagementPage />, access: 'admin' },
  { path: '/settings/team-management/detail', element: <TeamDetailPage />, access: 'admin' },
]);
