import { api, call } from '../../api/client';
import type { KvCategory, KvList, SaveListBody } from '../../../server/keyvalue/schemas';
import type { Dataset, Row, RowProblem, SaveDatasetBody } from '../../../server/refdata/schemas';
import type { CellValue, DatasetColumn } from '../../../../runtime/dataset-columns';

/** Shapes from the server's route schemas (one definition, types derived). */
export type { KvCategory, KvList, KvValue, SaveListBody } from '../../../server/keyvalue/schemas';
export type { Dataset, Row as DatasetRow, RowProblem } from '../../../server/refdata/schemas';

const L = '/form/ListKeyValue';

export const fetchLists = (search: string, categoryId: string) =>
  call<KvList[]>(
    api.get(`${L}/getList`, { params: { ...(search ? { search } : {}), ...(categoryId ? { categoryId } : {}) } }),
  );
export const fetchList = (id: string) => call<KvList>(api.get(`${L}/detail`, { params: { id } }));
export const saveList = (body: SaveListBody) => call<KvList>(api.post(`${L}/save`, body));
export const deleteList = (id: string) => call<{ id: string }>(api.post(`${L}/delete`, { id }));
export const fetchListCategories = () => call<KvCategory[]>(api.get(`${L}/category/list`));
export const addListCategory = (name: string) => call<KvCategory>(api.post(`${L}/category/add`, { name }));

const D = '/ReferenceData';
const E = '/ReferenceDataEntry';

export interface RowPage {
  data: Row[];
  recordsTotal: number;
  recordsFiltered: number;
  countCapped?: boolean;
  nextCursor?: string | null;
}

export interface ImportAnswer {
  datasetId: string | null;
  columns: DatasetColumn[];
  keyColumn: string;
  total: number;
  preview: Record<string, CellValue>[];
  errors: RowProblem[];
  errorCount: number;
  imported: number;
}

export interface BatchChanges {
  add?: { data: Record<string, unknown> }[];
  update?: { id: string; data: Record<string, unknown> }[];
  delete?: string[];
  move?: { id: string; beforeId: string | null }[];
}

export const fetchDatasets = (search: string) =>
  call<Dataset[]>(api.get(`${D}/ListDataset`, { params: search ? { search } : {} }));
export const fetchDataset = (id: string) => call<Dataset>(api.get(`${D}/getDataset`, { params: { id } }));
export const saveDataset = (body: SaveDatasetBody) => call<Dataset>(api.post(`${D}/save`, body));
export const deleteDataset = (id: string) => call<{ id: string }>(api.post(`${D}/delete`, { id }));
export const fetchRows = (datasetId: string, search: string, cursor: string | null, length: number) =>
  call<RowPage>(api.post(`${D}/datatables`, { datasetId, search, cursor, length }));
export const addRow = (datasetId: string, data: Record<string, unknown>) =>
  call<Row>(api.post(`${E}/AddRow`, { datasetId, data }));
export const batchRows = (datasetId: string, changes: BatchChanges) =>
  call<{ rowCount: number }>(api.post(`${E}/batch`, { datasetId, ...changes }));

/** A file read as base64, for the import call. */
export async function fileContent(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

export const importFile = (body: {
  datasetId?: string;
  name?: string;
  fileName: string;
  content: string;
  mode: 'preview' | 'append' | 'replace';
}) => call<ImportAnswer>(api.post(`${D}/import`, body));

/** Downloads an export through the signed-in client and hands it to the browser as a file. */
export async function downloadExport(ds: Dataset, format: 'csv' | 'xlsx') {
  const res = await api.get<Blob>(`${D}/export`, { params: { id: ds.id, format }, responseType: 'blob' });
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${ds.name}.${format}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
