import { api, call } from './client';
import type {
  ActionResult,
  Deleted,
  RunPage,
  SaveBody,
  SchedulePage,
  ScheduleView,
} from '../../server/scheduler/schemas';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { ScheduleView as Schedule, ScheduleRun, SchedulePage, RunPage } from '../../server/scheduler/schemas';

export const scheduler = {
  list: (moduleId: string, page = 1, length = 10) =>
    call<SchedulePage>(api.post('/TaskScheduler/datatables', { moduleId, page, length })),
  detail: (id: string) => call<ScheduleView>(api.get(`/TaskScheduler/${encodeURIComponent(id)}/detail`)),
  save: (body: SaveBody & { moduleId: string }) => call<ScheduleView>(api.post('/TaskScheduler/save', body)),
  remove: (id: string) => call<Deleted>(api.post('/TaskScheduler/delete', { schedule_id: id })),
  activities: (id: string, page = 1, length = 10) =>
    call<RunPage>(api.post('/TaskScheduler/activities', { schedule_id: id, page, length })),
  action: (id: string, status: 'pause' | 'resume') =>
    call<ActionResult>(api.post('/TaskScheduler/action', { schedule_id: id, status })),
};
