import { ReferenceDetailPage } from '../pages/referencedata/ReferenceDetailPage';
import { ReferenceDataPage } from '../pages/referencedata/ReferenceDataPage';
import { defineRoutes } from './types';

export const routes = defineRoutes([
  { path: '/referencedata', element: <ReferenceDataPage />, access: 'designer' },
  { path: '/referencedata/:id', element: <ReferenceDetailPage />, access: 'designer' },
]);
