import { lazy, Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import { defineRoutes } from './types';

// The canvas (@xyflow/react, rjsf) is a separate chunk, loaded when the route is opened.
const WorkflowDesignerPage = lazy(() => import('../../../designer/workflow/WorkflowDesignerPage'));

export const routes = defineRoutes([
  {
    path: '/form-editor/show/:id/workflow',
    access: 'designer',
    element: (
      <Suspense fallback={<Spinner className="page-spinner" />}>
        <WorkflowDesignerPage />
      </Suspense>
    ),
  },
]);
