import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const ApplicationsPage = lazyPage(
  () => import('../pages/apps/ApplicationsPage'),
  (m) => m.ApplicationsPage,
);
// The designer (dnd-kit, rjsf property panels, Monaco) is its own chunk: sign-in and form-fill never load it.
const FormDesignerPage = lazyPage(
  () => import('../../../designer/form/FormDesignerPage'),
  (m) => m.default,
  ['designer', 'workflow', 'ocrrules', 'uni', 'rolesperm'],
);

export const routes = defineRoutes([
  { path: '/form-editor', element: <ApplicationsPage />, access: 'designer' },
  { path: '/form-editor/show', element: <ApplicationsPage />, access: 'designer' },
  { path: '/form-editor/show/:id', element: <FormDesignerPage />, access: 'designer' },
]);
