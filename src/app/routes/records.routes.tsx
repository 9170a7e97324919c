import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const ItemEditorPage = lazyPage(
  () => import('../pages/records/ItemEditorPage'),
  (m) => m.ItemEditorPage,
);

export const routes = defineRoutes([
  { path: '/item-editor/:moduleId', element: <ItemEditorPage />, access: 'everyone' },
  { path: '/item-editor/:moduleId/:recordId', element: <ItemEditorPage />, access: 'everyone' },
]);
