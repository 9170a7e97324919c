import { api, call } from '../../api/client';
import type { DrillBody, Report, ReportInput, RunBody, RunResult } from '../../../server/reports/schemas';
import type { Assignee } from '../../../server/workflows/schemas';

export type {
  Aggregate,
  ChartKind,
  DateBucket,
  GroupBy,
  Measure,
  Report,
  ReportInput,
  ReportParameter,
  ReportSpec,
  ResultColumn,
  ResultRow,
  RunBody,
  RunResult,
} from '../../../server/reports/schemas';
export type { Assignee } from '../../../server/workflows/schemas';

/** A column a report may use (the fields the viewer may read and the process columns). */
export interface ReportColumn {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'date';
  values?: string[];
}
export interface DrillRow {
  id: string;
  moduleId: string;
  sequence_number: number | string | null;
  data: Record<string, unknown>;
  process_status: string | null;
}
export interface DrillPage {
  rows: DrillRow[];
  nextCursor: string | null;
  total: number;
}
export interface ReportPage {
  data: Report[];
  recordsTotal: number;
  recordsFiltered: number;
}

const R = '/form/report';
const enc = encodeURIComponent;

export const reportColumns = (moduleId: string) =>
  call<{ moduleName: string; columns: ReportColumn[] }>(api.get(`${R}/columns/${enc(moduleId)}`));
export const runReport = (body: RunBody) => call<RunResult>(api.post(`${R}/run`, body));
export const drillReport = (body: DrillBody) => call<DrillPage>(api.post(`${R}/drill`, body));
export const listReports = (q: { search: string; folder: string; page: number; length: number }) =>
  call<ReportPage>(
    api.post(`${R}/datatables`, {
      page: q.page,
      length: q.length,
      search: q.search,
      ...(q.folder ? { folder: q.folder } : {}),
    }),
  );
export const reportFolders = () => call<string[]>(api.get(`${R}/folders`));
export const reportDetail = (id: string) => call<Report>(api.get(`${R}/${enc(id)}`));
export const saveReport = (input: ReportInput & { id?: string }) => call<Report>(api.post(`${R}/save`, input));
export const deleteReport = (id: string) => call<null>(api.delete(`${R}/${enc(id)}`));
/** The tenant's users and teams a report may be shared with (the workflow designer's assignee list). */
export const shareTargets = () => call<Assignee[]>(api.get('/form/Editor/LookupAssignee'));

/** The file name a Content-Disposition header names (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : fallback;
}

/** Runs the export on the server and saves the file it answers under the name it gives. */
export async function exportReport(body: RunBody, format: 'csv' | 'xlsx'): Promise<string> {
  const res = await api.post<Blob>(`${R}/export`, { ...body, format }, { responseType: 'blob' });
  const name = fileNameOf(res.headers['content-disposition'] as string | undefined, `report.${format}`);
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** TanStack Query keys of the report pages. */
export const reportKeys = {
  all: ['reports'] as const,
  list: (search: string, folder: string, page: number) => ['reports', 'list', search, folder, page] as const,
  folders: ['reports', 'folders'] as const,
  detail: (id: string) => ['reports', 'detail', id] as const,
  columns: (moduleId: string) => ['reports', 'columns', moduleId] as const,
  run: (body: RunBody) => ['reports', 'run', body] as const,
  drill: (body: object) => ['reports', 'drill', body] as const,
  shareTargets: ['reports', 'share-targets'] as const,
};
