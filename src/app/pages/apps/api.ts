import { api, call } from '../../api/client';
import type { ModuleDefinition } from '../../../../schemas/module-definition';

/** Calls of the app lifecycle (spec section 7, form editor); shared by the apps pages and the designer. */
export interface AppListRow {
  id: string;
  display_name: string;
  module_description: string | null;
  app_icon: string | null;
  status: 'Draft' | 'Published';
  module_version: number | null;
  application_module_category_id: string | null;
  modified_on: string;
}

export interface Datatable<T> {
  data: T[];
  recordsTotal: number;
  recordsFiltered: number;
}

export interface DatatableRequest {
  page: number;
  length: number;
  search: string;
  orders?: { column: string; dir: 'asc' | 'desc' }[];
  filters?: { field: string; operator: 'eq' | 'neq' | 'contains'; value: string }[];
}

export const fetchApplications = (q: DatatableRequest) =>
  call<Datatable<AppListRow>>(
    api.post('/form/Editor/applications/datatables', {
      page: q.page,
      length: q.length,
      columns: [{ data: 'display_name', name: 'display_name', searchable: true, orderable: true }],
      orders: q.orders ?? [{ column: 'display_name', dir: 'asc' }],
      search: { value: q.search },
      filters: q.filters ?? [],
    }),
  );

export interface Category {
  id: string;
  category_name: string;
  icon: string | null;
  order_index: number;
}
export const fetchCategories = () => call<Category[]>(api.get('/form/Editor/category/list'));
export const saveCategory = (c: { id?: string; category_name: string; icon?: string | null }) =>
  api.post('/form/Editor/category/save', c);
export const deleteCategory = (id: string) => api.post(`/form/Editor/category/${encodeURIComponent(id)}/delete`, {});
export const orderCategories = (ids: string[]) => api.post('/form/Editor/category/order', { ids });

export interface OcrProvider {
  id: string;
  name: string;
  singleSelect: boolean;
}
export interface MlService {
  id: string;
  providerId: string;
  name: string;
  licensed: boolean;
}
export const fetchOcrProviders = () => call<OcrProvider[]>(api.get('/ocrprovider/lookup'));
export const fetchMlServices = (providerId: string) =>
  call<MlService[]>(api.get('/ocr/machinelearninglookup', { params: { providerId } }));
export const fetchReservedModuleNames = () => call<string[]>(api.get('/form/Editor/ReservedModuleNames'));
export const fetchReservedFieldNames = () => call<string[]>(api.get('/form/Editor/ReservedFieldNames'));

export interface NewApp {
  name: string;
  description: string;
  categoryId: string;
  ocrProviderId: string;
  ocrProviderName: string;
  /** A JSON string, as the spec says. */
  machineLearningServiceId: string;
  appIcon: string;
  addToQuickLaunch: boolean;
}
export const createApp = (body: NewApp) =>
  call<{ id: string }>(api.post('/form/Editor/CreateProcessFromScratch', body));

export type ModuleAction = 'create' | 'view' | 'edit';
export interface AccessRule {
  everyone?: boolean;
  roles?: ('sysAdmin' | 'administrator' | 'fullUser' | 'consultant')[];
  users?: string[];
}
export interface EmailTemplate {
  subject: string;
  body: string;
}

export interface DesignedApp {
  id: string;
  display_name: string;
  module_description: string | null;
  app_icon: string | null;
  status: 'Draft' | 'Published';
  module_version: number | null;
  is_reassignment_disabled: boolean;
  module_draft: ModuleDefinition;
  permission: { rules?: Partial<Record<ModuleAction, AccessRule>> };
  email_templates: Record<string, EmailTemplate>;
}
export const fetchDesignedApp = (id: string) => call<DesignedApp>(api.get('/form/Editor/GetForm', { params: { id } }));
export const saveForm = (id: string, module: ModuleDefinition) =>
  call<{ warnings: { field?: string; message: string }[] }>(
    api.post('/form/Editor/SaveForm', { module }, { params: { id } }),
  );
export const publishApp = (id: string) =>
  call<{ id: string; version: number }>(api.post('/form/Editor/publish', {}, { params: { id } }));
export const updateModule = (body: Record<string, unknown> & { id: string }) =>
  call<{ id: string }>(api.post('/form/Editor/UpdateModule', body));
export const setReassignment = (moduleId: string, disabled: boolean) =>
  call(api.post('/form/Editor/setmodulereassignment', {}, { params: { moduleId, isReassignmentDisabled: disabled } }));
export const fetchEmailFields = (moduleId: string) =>
  call<{ name: string; label: string }[]>(api.get('/form/Editor/getEmailTemplateFields', { params: { moduleId } }));
export const saveEmailTemplate = (moduleId: string, event: string, t: EmailTemplate) =>
  call<Record<string, EmailTemplate>>(api.post('/form/Editor/updateEmailTemplate', { moduleId, event, ...t }));
