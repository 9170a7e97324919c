import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const HelpPage = lazyPage(
  () => import('../pages/help/HelpPage'),
  (m) => m.HelpPage,
  ['help'],
);
const HelpArticlePage = lazyPage(
  () => import('../pages/help/HelpArticlePage'),
  (m) => m.HelpArticlePage,
  ['help'],
);

export const routes = defineRoutes([
  { path: '/help', element: <HelpPage />, access: 'everyone' },
  { path: '/help/:slug', element: <HelpArticlePage />, access: 'everyone' },
]);
