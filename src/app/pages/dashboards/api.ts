import { api, call } from '../../api/client';
import type {
  Dashboard,
  DashboardInput,
  DashboardUpdate,
  ProcessStatusCounts,
  TaskWorkload,
} from '../../../server/dashboards/schemas';
import type { ProcessAnalytics } from '../../../server/analytics/schemas';
import type { Assignee } from '../../../server/workflows/schemas';
import type { Report, RunResult, SharedFilters } from '../../../server/reports/schemas';

export type { Dashboard, Widget } from '../../../server/dashboards/schemas';
export type Share = Dashboard['sharedWith'][number];
export type { ProcessAnalytics } from '../../../server/analytics/schemas';
export type { Report, RunResult, SharedFilters } from '../../../server/reports/schemas';

/** The bar above the grid: a date range, an app and a user, handed to every widget. */
export interface BoardFilters extends SharedFilters {
  moduleId?: string;
}

const D = '/dashboards';
export const listDashboards = () => call<Dashboard[]>(api.get(D));
export const getDashboard = (id: string) => call<Dashboard>(api.get(`${D}/${encodeURIComponent(id)}`));
export const createDashboard = (body: DashboardInput) => call<Dashboard>(api.post(D, body));
export const updateDashboard = (id: string, body: DashboardUpdate) =>
  call<Dashboard>(api.put(`${D}/${encodeURIComponent(id)}`, body));
export const deleteDashboard = (id: string) => call<null>(api.delete(`${D}/${encodeURIComponent(id)}`));

const shared = (f: BoardFilters): SharedFilters => ({
  ...(f.from ? { from: f.from } : {}),
  ...(f.to ? { to: f.to } : {}),
  ...(f.userId ? { userId: f.userId } : {}),
});
export const taskWorkload = (groupBy: 'user' | 'team', f: BoardFilters) =>
  call<TaskWorkload>(
    api.post(`${D}/widgets/tasks`, { groupBy, shared: shared(f), ...(f.moduleId ? { moduleId: f.moduleId } : {}) }),
  );
export const processStatus = (moduleId: string, f: BoardFilters) =>
  call<ProcessStatusCounts>(api.post(`${D}/widgets/process-status`, { moduleId, shared: shared(f) }));
export const processAnalytics = (moduleId: string, f: BoardFilters, slaHours?: number, views?: string[]) =>
  call<ProcessAnalytics>(
    api.post('/analytics/process', {
      moduleId,
      shared: shared(f),
      ...(slaHours ? { slaHours } : {}),
      ...(views ? { views } : {}),
    }),
  );

/** Saved reports (the reports feature's list) and one report run with the dashboard's shared filters. */
export const listReports = (search = '') =>
  call<{ data: Report[] }>(api.post('/form/report/datatables', { page: 1, length: 100, search: { value: search } }));
export const runReport = (reportId: string, f: BoardFilters) =>
  call<RunResult>(api.post('/form/report/run', { reportId, shared: shared(f) }));

/** Active users for the user filter (the first 50 by what is typed). */
export const searchUsers = (search: string) =>
  call<{ items: { id: string; label: string }[] }>(api.post('/EntryModule/UserLookup', { search, length: 50 }));

/** The tenant's active users and teams a dashboard can be shared with (the designers' people look-up). */
export const shareTargets = () => call<Assignee[]>(api.get('/form/Editor/LookupAssignee'));
