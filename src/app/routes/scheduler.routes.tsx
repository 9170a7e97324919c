import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const ScheduleEditorPage = lazyPage(
  () => import('../pages/scheduler/ScheduleEditorPage'),
  (m) => m.ScheduleEditorPage,
);

export const routes = defineRoutes([
  { path: '/schedule-editor/:moduleId', element: <ScheduleEditorPage />, access: 'everyone' },
  { path: '/schedule-editor/:moduleId/:recordId', element: <ScheduleEditorPage />, access: 'everyone' },
]);
