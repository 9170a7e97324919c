import { api, call } from './client';

export interface TaskRow {
  id: string;
  task_id: string;
  record_id: string;
  module_id: string;
  display_name: string;
  activity_title: string;
  task_type: string;
  assigned_from_user: string | null;
  record_started_by: string | null;
  started_on: string;
  due_on: string | null;
  status: string;
}

export interface TaskPage {
  data: TaskRow[];
  recordsTotal: number;
  recordsFiltered: number;
  page: number;
  length: number;
}

export const tasks = {
  list: (body: { page: number; length: number; search?: string; orders?: { column: string; dir: 'asc' | 'desc' }[] }) =>
    call<TaskPage>(api.post('/Task/datatables', body)),
  total: () => call<number>(api.get('/Task/total')),
};
