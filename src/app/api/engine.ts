import { api, call } from './client';
import type {
  ActionResult,
  ApproveResult,
  HistoryEntry,
  ReassignResult,
  ReminderResult,
  SubmitInput,
} from '../../server/engine/schemas';

/** Shapes from the engine's route schemas (one definition, types derived). */
export type { ActionResult, ApproveResult, HistoryEntry, ReassignResult } from '../../server/engine/schemas';

/** Workflow actions on records and tasks (src/server/engine/routes.ts). */
export const engineActions = {
  submit: (body: SubmitInput & { data: Record<string, unknown> }) =>
    call<ActionResult>(api.post('/EntryModule/submit', body)),
  approve: (taskId: string, accepted: boolean, description?: string, data?: Record<string, unknown>) =>
    call<ApproveResult>(api.post('/EntryModule/approve', { task_id: taskId, accepted, description, data })),
  reassign: (taskId: string, userId: string, message: string) =>
    call<ReassignResult>(api.post('/EntryModule/reassignment', { taskId, userId, message })),
  // The spec passes the task and the target step of a send-back in the query.
  goBack: (taskId: string, goBackToActivityId: string, message: string) =>
    call<ActionResult>(api.post('/EntryModule/goback', { message }, { params: { taskId, goBackToActivityId } })),
  withdraw: (recordId: string, message: string) =>
    call<ActionResult>(api.post('/EntryModule/withdraw', { recordId, message })),
  remind: (recordId: string) => call<ReminderResult>(api.post('/EntryModule/reminder', { recordId })),
  restart: (recordId: string) => call<ActionResult>(api.post('/EntryModule/workflow/restart', { recordId })),
  retryStep: (recordId: string) => call<ActionResult>(api.post('/EntryModule/workflow/retrystep', { recordId })),
  /** The record's activity history, oldest first. */
  history: (moduleId: string, recordId: string) =>
    call<HistoryEntry[]>(api.get(`/EntryModule/${moduleId}/workflowhistory`, { params: { recordId } })),
};
