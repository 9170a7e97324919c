import { DataConnectorPage } from '../pages/dataconnector/DataConnectorPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([{ path: '/data-connector', element: <DataConnectorPage />, access: 'designer' }]);
