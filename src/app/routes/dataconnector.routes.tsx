import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const DataConnectorPage = lazyPage(
  () => import('../pages/dataconnector/DataConnectorPage'),
  (m) => m.DataConnectorPage,
  ['dataconnector'],
);
const ConnectorListPage = lazyPage(
  () => import('../pages/dataconnector/ConnectorListPage'),
  (m) => m.ConnectorListPage,
  ['dataconnector'],
);
const ConnectorPage = lazyPage(
  () => import('../pages/dataconnector/ConnectorPage'),
  (m) => m.ConnectorPage,
  ['dataconnector'],
);

export const routes = defineRoutes([
  { path: '/data-connector', element: <DataConnectorPage />, access: 'designer' },
  { path: '/data-connector/:dcType', element: <ConnectorListPage />, access: 'designer' },
  { path: '/data-connector/:dcType/:recordId', element: <ConnectorPage />, access: 'designer' },
]);
