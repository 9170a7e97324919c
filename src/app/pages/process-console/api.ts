import { api, call } from '../../api/client';
import type {
  ActionBody,
  ConsoleAction,
  Dashboard,
  InstanceDetail,
  InstanceFilter,
  InstancePage,
  Job,
  JobBody,
  MigrationPreview,
} from '../../../server/process-console/schemas';

export type {
  ConsoleAction,
  Dashboard,
  InstanceDetail,
  InstanceFilter,
  InstanceRow,
  Job,
  MigrationPreview,
} from '../../../server/process-console/schemas';

const P = '/process-console';

export const instancePage = (filter: InstanceFilter, cursor: string | null) =>
  call<InstancePage>(api.post(`${P}/instances`, { ...filter, cursor, length: 50 }));
export const instanceDetail = (recordId: string) => call<InstanceDetail>(api.get(`${P}/instances/${recordId}`));
export const runAction = (recordId: string, action: ConsoleAction, body: ActionBody = {}) =>
  call<{ changed: boolean }>(api.post(`${P}/instances/${recordId}/${action}`, body));
export const migrationPreview = (moduleId: string) =>
  call<MigrationPreview>(api.get(`${P}/migration-preview`, { params: { moduleId } }));
export const jobs = () => call<Job[]>(api.get(`${P}/jobs`));
export const startJob = (body: JobBody) => call<Job>(api.post(`${P}/jobs`, body));
export const controlJob = (id: string, op: 'pause' | 'resume' | 'cancel') =>
  call<Job>(api.post(`${P}/jobs/${id}/${op}`, {}));
export const dashboard = (days: number) => call<Dashboard>(api.get(`${P}/dashboard`, { params: { days } }));

export interface AppItem {
  id: string;
  display_name: string;
}
export const apps = () => call<AppItem[]>(api.get('/form/Editor/ListApplications'));
export interface Person {
  id: string;
  type: 'user' | 'team';
  name: string;
}
export const people = () =>
  call<Person[]>(api.get('/form/Editor/LookupAssignee')).then((all) => all.filter((p) => p.type === 'user'));

export const elsaExport = (moduleId: string) => call<object>(api.get(`/Elsa/workflow-definitions/${moduleId}`));
export const elsaImport = (moduleId: string, definition: unknown) =>
  call<{ activities: number; connections: number }>(api.post('/Elsa/workflow-definitions', { moduleId, definition }));

export const STATUSES = ['Running', 'Faulted', 'Completed', 'Not Started'] as const;
export const OUTCOMES = ['Approved', 'Rejected', 'Withdrawn'] as const;
/** 'Not Started' -> the locale key PROCESSCONSOLE.STATUS.NOT_STARTED. */
export const statusKey = (s: string) => `PROCESSCONSOLE.STATUS.${s.replace(/ /g, '_').toUpperCase()}`;
