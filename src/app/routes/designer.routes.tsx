import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const ApplicationsPage = lazyPage(
  () => import('../pages/apps/ApplicationsPage'),
  (m) => m.ApplicationsPage,
);
// The designer (dnd-kit, rjsf property panels, Monaco) is its own chunk: sign-in and form-fill never load it. It
// checks definitions with ajv and RE2, which the web build loads apart (runtime/react/validation-engines.ts).
const FormDesignerPage = lazyPage(
  () =>
    Promise.all([
      import('../../../designer/form/FormDesignerPage'),
      import('../../../runtime/react/validation-engines').then((e) => e.loadValidationEngines()),
    ]).then(([m]) => m),
  (m) => m.default,
  ['designer', 'workflow', 'ocrrules', 'uni', 'rolesperm'],
);

export const routes = defineRoutes([
  { path: '/form-editor', element: <ApplicationsPage />, access: 'designer' },
  { path: '/form-editor/show', element: <ApplicationsPage />, access: 'designer' },
  { path: '/form-editor/show/:id', element: <FormDesignerPage />, access: 'designer' },
]);
