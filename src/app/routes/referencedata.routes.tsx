import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const ReferenceDetailPage = lazyPage(
  () => import('../pages/referencedata/ReferenceDetailPage'),
  (m) => m.ReferenceDetailPage,
  ['referencedata'],
);
const ReferenceDataPage = lazyPage(
  () => import('../pages/referencedata/ReferenceDataPage'),
  (m) => m.ReferenceDataPage,
  ['referencedata'],
);

export const routes = defineRoutes([
  { path: '/referencedata', element: <ReferenceDataPage />, access: 'designer' },
  { path: '/referencedata/:id', element: <ReferenceDetailPage />, access: 'designer' },
]);
