import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

// The canvas (@xyflow/react, rjsf) is a separate chunk, loaded when the route is opened.
const WorkflowDesignerPage = lazyPage(
  () => import('../../../designer/workflow/WorkflowDesignerPage'),
  (m) => m.default,
  ['designer', 'workflow'],
);

export const routes = defineRoutes([
  { path: '/form-editor/show/:id/workflow', access: 'designer', element: <WorkflowDesignerPage /> },
]);
