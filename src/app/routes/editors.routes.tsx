import { lazy, Suspense } from 'react';
import { Spinner } from '@blueprintjs/core';
import { defineRoutes } from './types';

const TaskEditorPage = lazy(() =>
  import('../pages/editors/TaskEditorPage').then((m) => ({ default: m.TaskEditorPage })),
);

const editor = (
  <Suspense fallback={<Spinner className="page-spinner" />}>
    <TaskEditorPage />
  </Suspense>
);

// /item-editor/:moduleId and /item-editor/:moduleId/:recordId stay in records.routes.tsx (the draft editor).
export const routes = defineRoutes([
  { path: '/item-editor/:moduleId/:recordId/:taskId', element: editor, access: 'everyone' },
  { path: '/task-editor/:moduleId', element: editor, access: 'everyone' },
  { path: '/task-editor/:moduleId/:recordId', element: editor, access: 'everyone' },
  { path: '/task-editor/:moduleId/:recordId/:taskId', element: editor, access: 'everyone' },
]);
