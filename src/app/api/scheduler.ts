import { api, call } from './client';

export interface Schedule {
  id: string;
  moduleId: string;
  name: string;
  cron: string;
  timeZone: string;
  data: Record<string, unknown>;
  submit: boolean;
  status: 'Active' | 'Paused';
  next_run_on: string | null;
  last_run_on: string | null;
}

export interface ScheduleRun {
  id: string;
  slot: string;
  status: string;
  record_id: string | null;
  message: string | null;
  created_on: string;
}

type Page<T> = { data: T[]; recordsTotal: number; page: number; length: number };

export const scheduler = {
  list: (moduleId: string, page = 1, length = 10) =>
    call<Page<Schedule>>(api.post('/TaskScheduler/datatables', { moduleId, page, length })),
  detail: (id: string) => call<Schedule>(api.get(`/TaskScheduler/${id}/detail`)),
  save: (body: Partial<Schedule> & { moduleId: string }) => call<Schedule>(api.post('/TaskScheduler/save', body)),
  remove: (id: string) => call(api.post('/TaskScheduler/delete', { schedule_id: id })),
  activities: (id: string, page = 1, length = 10) =>
    call<Page<ScheduleRun>>(api.post('/TaskScheduler/activities', { schedule_id: id, page, length })),
  action: (id: string, status: 'pause' | 'resume') =>
    call<{ status: string }>(api.post('/TaskScheduler/action', { schedule_id: id, status })),
};
