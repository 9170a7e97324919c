import { api, call } from '../../api/client';
import type {
  Automation,
  Run,
  SaveAutomationBody,
  Step,
  UpdateAutomationBody,
} from '../../../server/automations/schemas';

export type { Automation, Run, SaveAutomationBody, Step, Trigger } from '../../../server/automations/schemas';

export interface DashboardFigures {
  days: { day: string; runs: number; succeeded: number; failed: number; avgMs: number | null }[];
  runs: number;
  successRate: number | null;
  avgMs: number | null;
}

const R = '/rpa';
export const listAutomations = (search: string) =>
  call<{ data: Automation[]; recordsFiltered: number }>(api.post(`${R}/datatables`, { search, page: 1, length: 100 }));
export const automationDetail = (id: string) => call<Automation>(api.get(`${R}/detail/${encodeURIComponent(id)}`));
export const createAutomation = (body: SaveAutomationBody) => call<Automation>(api.post(`${R}/save`, body));
export const updateAutomation = (body: UpdateAutomationBody) => call<Automation>(api.post(`${R}/update`, body));
export const deleteAutomation = (id: string) =>
  call<{ id: string }>(api.delete(`${R}/delete/${encodeURIComponent(id)}`));
/** A dry run of the steps being edited (or the saved ones): what each would do, nothing written. */
export const testAutomation = (body: { id?: string; steps: Step[] }) => call<Run>(api.post(`${R}/execute/test`, body));
export const runAutomationNow = (id: string) => call<Run>(api.post(`${R}/execute`, { id }));
export const executedRuns = (automationId: string, page: number) =>
  call<{ data: Run[]; recordsFiltered: number }>(api.post(`${R}/executed`, { automationId, page, length: 10 }));
export const automationDashboard = (id: string, days = 14) =>
  call<DashboardFigures>(api.get(`${R}/dashboard`, { params: { id, days } }));
/** Administrators: stops a run under way (between batches of a bulk update) or waiting. */
export const cancelRun = (runId: string) => call<Run>(api.post(`${R}/cancel/${encodeURIComponent(runId)}`, {}));
