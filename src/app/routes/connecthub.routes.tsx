import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const CompaniesHousePage = lazyPage(
  () => import('../pages/connecthub/CompaniesHousePage'),
  (m) => m.CompaniesHousePage,
);
const EcommercePage = lazyPage(
  () => import('../pages/connecthub/EcommercePage'),
  (m) => m.EcommercePage,
);
const StoreKeyPage = lazyPage(
  () => import('../pages/connecthub/StoreKeyPage'),
  (m) => m.StoreKeyPage,
);

export const routes = defineRoutes([
  { path: '/connect-hub/companies-house', element: <CompaniesHousePage />, access: 'admin' },
  { path: '/connect-hub/ecommerce', element: <EcommercePage />, access: 'admin' },
  { path: '/connect-hub/store-key/add', element: <StoreKeyPage />, access: 'admin' },
  { path: '/connect-hub/store-key/:id', element: <StoreKeyPage />, access: 'admin' },
]);
