import { DataConnectorPage } from '../pages/dataconnector/DataConnectorPage';
import { ConnectorListPage } from '../pages/dataconnector/ConnectorListPage';
import { ConnectorPage } from '../pages/dataconnector/ConnectorPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([
  { path: '/data-connector', element: <DataConnectorPage />, access: 'designer' },
  { path: '/data-connector/:dcType', element: <ConnectorListPage />, access: 'designer' },
  { path: '/data-connector/:dcType/:recordId', element: <ConnectorPage />, access: 'designer' },
]);
