import { api, call } from '../../api/client';
import type { ModuleDefinition } from '../../../../schemas/module-definition';
import type { DatatablePayload } from '../../../../schemas/api/common';
import type {
  AppId,
  AppPage,
  CreateAppBody,
  DesignedApp,
  Published,
  SavedDraft,
  UpdateAppBody,
} from '../../../server/apps/lifecycle/schemas';
import type { Category, SaveCategoryBody } from '../../../server/apps/categories/schemas';
import type { MlServiceView, OcrProvider } from '../../../server/apps/ocr/schemas';
import type { EmailTemplate, EmailTemplates, TemplateField } from '../../../server/apps/module-config/schemas';

/** Calls of the app lifecycle (spec section 7, form editor); shared by the apps pages and the designer. */

/** Shapes from the server's route schemas (one definition, types derived). */
export type { AccessRule, AppListRow, DesignedApp, ModuleAction } from '../../../server/apps/lifecycle/schemas';
export type { Category } from '../../../server/apps/categories/schemas';
export type { OcrProvider, MlServiceView as MlService } from '../../../server/apps/ocr/schemas';
export type { EmailTemplate } from '../../../server/apps/module-config/schemas';
export type NewApp = CreateAppBody;

/** What the apps page asks for; sent as the spec's datatable payload. */
export interface DatatableRequest {
  page: number;
  length: number;
  search: string;
  orders?: { column: string; dir: 'asc' | 'desc' }[];
  filters?: { field: string; operator: 'eq' | 'neq' | 'contains'; value: string }[];
}

export const fetchApplications = (q: DatatableRequest) =>
  call<AppPage>(
    api.post('/form/editor/applications/datatables', {
      page: q.page,
      length: q.length,
      columns: [{ data: 'display_name', name: 'display_name', searchable: true, orderable: true }],
      orders: q.orders ?? [{ column: 'display_name', dir: 'asc' }],
      search: { value: q.search },
      filters: q.filters ?? [],
    } satisfies DatatablePayload),
  );

export const fetchCategories = () => call<Category[]>(api.get('/form/Editor/category/list'));
export const saveCategory = (c: SaveCategoryBody) => api.post('/form/Editor/category/save', c);
export const deleteCategory = (id: string) => api.post(`/form/Editor/category/${encodeURIComponent(id)}/delete`, {});
export const orderCategories = (ids: string[]) => api.post('/form/Editor/category/order', { ids });

export const fetchOcrProviders = () => call<OcrProvider[]>(api.get('/ocrprovider/lookup'));
export const fetchMlServices = (providerId: string) =>
  call<MlServiceView[]>(api.get('/ocr/machinelearninglookup', { params: { providerId } }));
export const fetchReservedModuleNames = () => call<string[]>(api.get('/form/Editor/ReservedModuleNames'));
export const fetchReservedFieldNames = () => call<string[]>(api.get('/form/Editor/ReservedFieldNames'));

export const createApp = (body: CreateAppBody) => call<AppId>(api.post('/form/Editor/CreateProcessFromScratch', body));

export const fetchDesignedApp = (id: string) => call<DesignedApp>(api.get('/form/Editor/GetForm', { params: { id } }));
export const saveForm = (id: string, module: ModuleDefinition) =>
  call<SavedDraft>(api.post('/form/Editor/SaveForm', { module }, { params: { id } }));
export const publishApp = (id: string) => call<Published>(api.post('/form/Editor/publish', {}, { params: { id } }));
export const updateModule = (body: UpdateAppBody & { id: string }) =>
  call<AppId>(api.post('/form/Editor/UpdateModule', body));
export const setReassignment = (moduleId: string, disabled: boolean) =>
  call(api.post('/form/Editor/setmodulereassignment', {}, { params: { moduleId, isReassignmentDisabled: disabled } }));
export const fetchEmailFields = (moduleId: string) =>
  call<TemplateField[]>(api.get('/form/Editor/getEmailTemplateFields', { params: { moduleId } }));
export const saveEmailTemplate = (moduleId: string, event: string, t: EmailTemplate) =>
  call<EmailTemplates>(api.post('/form/Editor/updateEmailTemplate', { moduleId, event, ...t }));
