import axios from 'axios';
import { api, call, type Envelope } from './client';
import type { RecordDetail } from './records';
import type { FilterOperator } from '../../../runtime/expressions/operators';
import type {
  CommentPage,
  Deleted,
  EntryPage as ServerEntryPage,
  EntryRow as ServerEntryRow,
  ListBody,
  ListFilterInput,
  RecordComment,
  Summary,
} from '../../server/entries/schemas';
import type { ModuleConfig, SavedUserConfig } from '../../server/apps/module-config/schemas';
import type { Assignee } from '../../server/workflows/schemas';
import { engineActions } from './engine';

// One list of operators for rules, lookups and list filters.
export { FILTER_OPERATORS, type FilterOperator } from '../../../runtime/expressions/operators';

export const UNARY: FilterOperator[] = ['isnull', 'isnotnull', 'isempty', 'isnotempty'];

/** A column filter as the records page sends it (the server's schema, with the page's stricter operator type). */
export type ListFilter = ListFilterInput & { field: string; operator: FilterOperator };

/** The spec's datatable payload, plus the keyset cursor of the previous page. */
export type ListRequest = ListBody & {
  moduleId: string;
  orders?: { column: string; dir: 'asc' | 'desc' }[];
  filters?: ListFilter[];
};

/** A list row: `row[column.data]` reads a system column. */
export type EntryRow = ServerEntryRow & Record<string, unknown>;
export type EntryPage = Omit<ServerEntryPage, 'data'> & { data: EntryRow[] };
export type { ListColumnView as ListColumn, RecordComment as Comment, Summary } from '../../server/entries/schemas';

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

/** A record as the task editor shows it: the viewer's step, task, actions and process state. */
export type EntryDetail = RecordDetail;

export const entries = {
  list: (body: ListRequest, draft = false) =>
    call<EntryPage>(api.post(`/EntryModule/${draft ? 'draftdatatables' : 'datatables'}`, body)),
  deleteById: (id: string) => call<Deleted>(api.post('/EntryModule/deletebyId', { id })),
  deleteByIds: (ids: string[]) => call<Deleted>(api.post('/EntryModule/deletebyIds', { ids })),
  summary: (moduleId: string) => call<Summary>(api.get(`/EntryModule/summary/${moduleId}`)),
  detail: (recordId: string, taskId?: string) =>
    call<EntryDetail>(api.get(`/EntryModule/${recordId}/detail`, { params: taskId ? { taskId } : {} })),
  comments: (recordId: string) => call<CommentPage>(api.get(`/EntryModule/${recordId}/comments`)),
  sendComment: (recordId: string, message: string) =>
    call<RecordComment>(api.post('/EntryModule/sendComment', { recordId, message })),
  history: (moduleId: string, recordId: string) =>
    call<HistoryEntry[]>(api.get(`/EntryModule/${moduleId}/workflowhistory`, { params: { recordId } })),
  // The workflow actions (engine feature).
  submit: engineActions.submit,
  approve: engineActions.approve,
  reassign: engineActions.reassign,
  goBack: engineActions.goBack,
  withdraw: engineActions.withdraw,
  remind: engineActions.remind,
  restart: engineActions.restart,
  retryStep: engineActions.retryStep,
};

/** Column configuration per user (the form editor's setuserconfig / getmoduleconfig). */
export const listConfig = {
  get: (moduleId: string) =>
    // The records page keeps its hidden columns under the 'records' tab.
    call<ModuleConfig & { userConfig: Record<string, { hidden?: string[] } | undefined> }>(
      api.get('/form/Editor/getmoduleconfig', { params: { moduleId } }),
    ),
  set: (moduleId: string, config: { hidden: string[]; visible: string[] }) =>
    call<SavedUserConfig>(
      api.put('/form/Editor/setuserconfig', config, { params: { moduleId, tabConfig: 'records' } }),
    ),
};

/** People this task of the record may be handed to, matching the typed text. */
export const assigneesFor = (recordId: string, taskId: string, searchTerm: string, signal?: AbortSignal) =>
  call<Assignee[]>(
    api.get('/form/Editor/LookupAssigneeByRecord', { params: { recordId, taskId, searchTerm }, signal }),
  );

/** Whom a record is shared with: its creator, initiator and task holders (and how many administrators). */
export interface RecordShare {
  recordId: string;
  people: {
    id: string;
    name: string;
    email: string;
    active: boolean;
    reasons: ('creator' | 'initiator' | 'task')[];
    tasks: {
      activity_title: string;
      status: string;
      outcome: string | null;
      started_on: string;
      completed_on: string | null;
    }[];
  }[];
  administrators: number;
}
export const recordShare = (recordId: string) =>
  call<RecordShare>(api.get('/workflow/share', { params: { recordId } }));

/** The server's own message for a failed call, if it sent one (else the caller shows its fallback text). */
export function serverMessage(err: unknown): string | undefined {
  if (axios.isAxiosError(err)) return (err.response?.data as Envelope | undefined)?.message || undefined;
  return err instanceof Error && err.message && err.message !== 'Failed to process query.' ? err.message : undefined;
}
