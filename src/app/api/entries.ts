import axios from 'axios';
import { api, call, type Envelope } from './client';
import type { RecordDetail } from './records';
import type { FilterOperator } from '../../../runtime/expressions/operators';

// One list of operators for rules, lookups and list filters.
export { FILTER_OPERATORS, type FilterOperator } from '../../../runtime/expressions/operators';

export const UNARY: FilterOperator[] = ['isnull', 'isnotnull', 'isempty', 'isnotempty'];

export interface ListFilter {
  field: string;
  operator: FilterOperator;
  value?: unknown;
}

/** The spec's datatable payload, plus the keyset cursor of the previous page. */
export interface ListRequest {
  moduleId: string;
  page: number;
  length: number;
  orders?: { column: string; dir: 'asc' | 'desc' }[];
  search?: string;
  filters?: ListFilter[];
  cursor?: string | null;
}

export interface ListColumn {
  data: string;
  name: string;
  field: boolean;
  kind: 'text' | 'number';
  orderable: boolean;
  searchable: boolean;
}

export interface EntryRow {
  id: string;
  version: number;
  is_draft: boolean;
  data: Record<string, unknown>;
  process_status: string;
  process_status_display: string;
  tasks: { assignee: string; step: string }[];
  workflow_status: string | null;
  workflow_activity_name: string | null;
  workflow_started_on: string | null;
  workflow_initiator_user: string | null;
  workflow_initiator_email: string | null;
  workflow_completed_on: string | null;
  created_on: string;
  modified_on: string;
  mine: boolean;
  [k: string]: unknown;
}

export interface EntryPage {
  data: EntryRow[];
  columns: ListColumn[];
  recordsTotal: number;
  recordsFiltered: number;
  countCapped: boolean;
  page: number;
  length: number;
  nextCursor: string | null;
}

export interface Comment {
  id: string;
  author_name: string;
  message: string;
  created_on: string;
}

export interface HistoryEntry {
  id?: string;
  ActionType?: string;
  action_type?: string;
  created_on?: string;
  Results?: { author_name?: string; message?: string | null; accepted?: boolean | null; created_on?: string };
  Assignee?: { approver_name?: string } | null;
  activity_title?: string | null;
  [k: string]: unknown;
}

export interface EntryDetail extends RecordDetail {
  step: string;
  task: {
    id: string;
    status: string;
    activity_id: string;
    activity_title: string;
    task_type: string;
    version: number;
  } | null;
  actions: string[];
  goBackTargets: { activityId: string; title?: string; name?: string }[];
  process_status: string;
  process_status_display: string;
  workflow_activity_name: string | null;
  workflow_started_on: string | null;
  workflow_initiator_email: string | null;
  workflow_completed_on: string | null;
  created_by: string;
}

export const entries = {
  list: (body: ListRequest, draft = false) =>
    call<EntryPage>(api.post(`/EntryModule/${draft ? 'draftdatatables' : 'datatables'}`, body)),
  deleteById: (id: string) => call<{ ids: string[] }>(api.post('/EntryModule/deletebyId', { id })),
  deleteByIds: (ids: string[]) => call<{ ids: string[] }>(api.post('/EntryModule/deletebyIds', { ids })),
  summary: (moduleId: string) =>
    call<{ total: number; drafts: number; byStatus: Record<string, number>; countCapped: boolean }>(
      api.get(`/EntryModule/summary/${moduleId}`),
    ),
  detail: (recordId: string, taskId?: string) =>
    call<EntryDetail>(api.get(`/EntryModule/${recordId}/detail`, { params: taskId ? { taskId } : {} })),
  comments: (recordId: string) => call<{ comments: Comment[] }>(api.get(`/EntryModule/${recordId}/comments`)),
  sendComment: (recordId: string, message: string) =>
    call<Comment>(api.post('/EntryModule/sendComment', { recordId, message })),
  history: (moduleId: string, recordId: string) =>
    call<HistoryEntry[]>(api.get(`/EntryModule/${moduleId}/workflowhistory`, { params: { recordId } })),
  submit: (body: { moduleId: string; recordId?: string; version?: number; data: Record<string, unknown> }) =>
    call<{ recordId: string }>(api.post('/EntryModule/submit', body)),
  approve: (taskId: string, accepted: boolean, description?: string, data?: Record<string, unknown>) =>
    call<{ outcome?: string }>(api.post('/EntryModule/approve', { task_id: taskId, accepted, description, data })),
  reassign: (taskId: string, userId: string, message: string) =>
    call(api.post('/EntryModule/reassignment', { taskId, userId, message })),
  goBack: (taskId: string, goBackToActivityId: string, message: string) =>
    call(api.post('/EntryModule/goback', { message }, { params: { taskId, goBackToActivityId } })),
  withdraw: (recordId: string, message: string) => call(api.post('/EntryModule/withdraw', { recordId, message })),
  remind: (recordId: string) => call(api.post('/EntryModule/reminder', { recordId })),
  restart: (recordId: string) => call(api.post('/EntryModule/workflow/restart', { recordId })),
};

/** Column configuration per user (the form editor's setuserconfig / getmoduleconfig). */
export const listConfig = {
  get: (moduleId: string) =>
    call<{ userConfig: Record<string, { hidden?: string[] } | undefined>; defaultConfig: Record<string, unknown> }>(
      api.get('/form/Editor/getmoduleconfig', { params: { moduleId } }),
    ),
  set: (moduleId: string, config: { hidden: string[]; visible: string[] }) =>
    call(api.put('/form/Editor/setuserconfig', config, { params: { moduleId, tabConfig: 'records' } })),
};

export const assignees = (searchTerm = '') =>
  call<{ id: string; type: 'user' | 'team'; name: string }[]>(
    api.get('/form/Editor/LookupAssignee', { params: { searchTerm } }),
  );

/** The server's own message for a failed call, if it sent one (else the caller shows its fallback text). */
export function serverMessage(err: unknown): string | undefined {
  if (axios.isAxiosError(err)) return (err.response?.data as Envelope | undefined)?.message || undefined;
  return err instanceof Error && err.message && err.message !== 'Failed to process query.' ? err.message : undefined;
}
