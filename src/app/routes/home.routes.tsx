import { LaunchRedirect } from '../shell/ShellPages';
import { defineRoutes } from './types';
import { lazyPage } from './lazy-page';

const TaskListPage = lazyPage(
  () => import('../pages/tasks/TaskListPage'),
  (m) => m.TaskListPage,
);

export const routes = defineRoutes([
  { path: '/', element: <LaunchRedirect />, access: 'everyone' },
  { path: '/tasks', element: <TaskListPage />, access: 'everyone' },
]);
