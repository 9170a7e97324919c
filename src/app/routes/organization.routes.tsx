import { OrganizationSettingsPage } from '../pages/organization/OrganizationSettingsPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([{ path: '/settings/organization', element: <OrganizationSettingsPage />, access: 'admin' }]);
