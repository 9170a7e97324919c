import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const PermalinkFilePage = lazyPage(
  () => import('../pages/files/PermalinkFilePage'),
  (m) => m.PermalinkFilePage,
);

export const routes = defineRoutes([{ path: '/permalink/file', element: <PermalinkFilePage />, access: 'designer' }]);
