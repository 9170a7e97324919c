import { api, call } from './client';
import type { TaskListBody, TaskPage } from '../../server/tasks/schemas';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { TaskPage, TaskRow, TaskDetail } from '../../server/tasks/schemas';

export const tasks = {
  list: (body: TaskListBody) => call<TaskPage>(api.post('/Task/datatables', body)),
  total: () => call<number>(api.get('/Task/total')),
};
