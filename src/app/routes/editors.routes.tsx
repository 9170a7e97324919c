import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const TaskEditorPage = lazyPage(
  () => import('../pages/editors/TaskEditorPage'),
  (m) => m.TaskEditorPage,
);

// /item-editor/:moduleId and /item-editor/:moduleId/:recordId stay in records.routes.tsx (the draft editor).
export const routes = defineRoutes([
  { path: '/item-editor/:moduleId/:recordId/:taskId', element: <TaskEditorPage />, access: 'everyone' },
  { path: '/task-editor/:moduleId', element: <TaskEditorPage />, access: 'everyone' },
  { path: '/task-editor/:moduleId/:recordId', element: <TaskEditorPage />, access: 'everyone' },
  { path: '/task-editor/:moduleId/:recordId/:taskId', element: <TaskEditorPage />, access: 'everyone' },
]);
