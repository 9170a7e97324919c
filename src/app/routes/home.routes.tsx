import { TaskListPage } from '../pages/tasks/TaskListPage';
import { LaunchRedirect } from '../shell/ShellPages';
import { defineRoutes } from './types';

export const routes = defineRoutes([
  { path: '/', element: <LaunchRedirect />, access: 'everyone' },
  { path: '/tasks', element: <TaskListPage />, access: 'everyone' },
]);
