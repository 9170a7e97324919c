import { accepts, type FileValue, type UploadRules } from '../../file-value';

/**
 * Uploads still in the widget: a file being prepared or sent, one the server refused (retry) or one the field's rules
 * refused before sending (only dismissed). A finished upload leaves this list and enters the field's value.
 */
export type UploadStatus = 'preparing' | 'uploading' | 'failed' | 'refused';

export interface UploadRow {
  id: string;
  fileName: string;
  size: number;
  status: UploadStatus;
  loaded: number;
  total: number;
  /** A refusal or the server's message. */
  problem?: Problem;
}

/** Why a file was not taken: codes the widget translates, or the server's own words. */
export type Problem =
  | { code: 'type'; types: string }
  | { code: 'size'; max: number }
  | { code: 'count'; max: number }
  | { code: 'server'; message: string };

export type UploadAction =
  | { type: 'add'; id: string; fileName: string; size: number; status: 'preparing' | 'uploading' }
  | { type: 'refuse'; id: string; fileName: string; size: number; problem: Problem }
  | { type: 'sending'; id: string; size: number }
  | { type: 'progress'; id: string; loaded: number; total: number }
  | { type: 'fail'; id: string; message: string }
  | { type: 'retry'; id: string }
  /** Finished, cancelled or dismissed: the row goes. */
  | { type: 'drop'; id: string };

export function uploadsReducer(rows: UploadRow[], a: UploadAction): UploadRow[] {
  const edit = (patch: (r: UploadRow) => UploadRow) => rows.map((r) => (r.id === a.id ? patch(r) : r));
  switch (a.type) {
    case 'add':
      return [...rows, { id: a.id, fileName: a.fileName, size: a.size, status: a.status, loaded: 0, total: a.size }];
    case 'refuse':
      return [
        ...rows,
        {
          id: a.id,
          fileName: a.fileName,
          size: a.size,
          status: 'refused',
          loaded: 0,
          total: a.size,
          problem: a.problem,
        },
      ];
    case 'sending':
      return edit((r) => ({ ...r, status: 'uploading', size: a.size, loaded: 0, total: a.size }));
    case 'progress':
      // Late progress events of a cancelled or failed upload must not bring it back to life.
      return edit((r) => (r.status === 'uploading' ? { ...r, loaded: a.loaded, total: a.total || r.total } : r));
    case 'fail':
      return edit((r) => ({ ...r, status: 'failed', problem: { code: 'server', message: a.message } }));
    case 'retry':
      return edit((r) => (r.status === 'failed' ? { ...r, status: 'uploading', loaded: 0, problem: undefined } : r));
    case 'drop':
      return rows.filter((r) => r.id !== a.id);
  }
}

/** How far an upload has come, 0 to 1. */
export const fraction = (r: UploadRow) => (r.total > 0 ? Math.min(1, r.loaded / r.total) : 0);

/** Rows that still hold a place in the field (a refused or failed one does not until retried). */
export const inFlight = (rows: UploadRow[]) =>
  rows.filter((r) => r.status === 'preparing' || r.status === 'uploading').length;

/** The field's own check before sending; the server checks the same rules again. */
export function checkFile(rules: UploadRules, file: { name: string; type: string; size: number }): Problem | null {
  if (!accepts(rules, file.name, file.type || '')) return { code: 'type', types: rules.accept.join(', ') };
  if (rules.maxBytes !== null && file.size > rules.maxBytes) return { code: 'size', max: rules.maxBytes };
  return null;
}

/** Of `wanted` new files, how many fit under `maxFiles` given those stored and those on their way. */
export const room = (maxFiles: number, stored: number, pending: number, wanted: number) =>
  Math.max(0, Math.min(wanted, maxFiles - stored - pending));

/** Size limit in MB as the field sets it (null: the tenant's limit) to bytes. */
export const megabytes = (mb: number | null | undefined) =>
  typeof mb === 'number' ? Math.round(mb * 1024 * 1024) : null;

/** A stored file, as a field value is checked: an object with a key and a name. */
export const isFileValue = (v: unknown): v is FileValue =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as FileValue).key === 'string' &&
  typeof (v as FileValue).fileName === 'string';

/** A field's value as a list of stored files (one file, a list, or nothing). */
export const fileList = (v: unknown): FileValue[] =>
  Array.isArray(v) ? v.filter(isFileValue) : isFileValue(v) ? [v] : [];
