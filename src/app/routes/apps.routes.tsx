import { ApplicationsPage } from '../pages/apps/ApplicationsPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([{ path: '/applications', element: <ApplicationsPage />, access: 'everyone' }]);
