import { api, call } from './client';
import type { ModuleDefinition } from '../../../schemas/module-definition';
import type { Access } from '../../../runtime/permissions';

export interface FormData {
  id: string;
  display_name: string;
  module_version: number;
  definition: ModuleDefinition;
  access: Record<string, Access>;
}

export interface RecordDetail {
  id: string;
  module_id: string;
  module_version: number;
  version: number;
  is_draft: boolean;
  data: Record<string, unknown>;
  access: Record<string, Access>;
  definition: ModuleDefinition;
}

export const fetchForm = (moduleId: string) => call<FormData>(api.get(`/EntryModule/form/${moduleId}`));
export const fetchRecord = (recordId: string) => call<RecordDetail>(api.get(`/EntryModule/${recordId}/detail`));

export interface SaveResult {
  id: string;
  version: number;
  data: Record<string, unknown>;
}

export const saveRecord = (body: { moduleId: string; recordId?: string; version?: number; data: Record<string, unknown> }) =>
  call<SaveResult>(api.post('/EntryModule/save', body));
