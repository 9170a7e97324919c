import { api, call } from '../../src/app/api/client';
import type { ModuleDefinition } from '../../schemas/module-definition';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';

export interface DesignedModule {
  id: string;
  display_name: string;
  status: 'Draft' | 'Published';
  module_version: number | null;
  module_draft: ModuleDefinition;
  workflow_draft: WorkflowDefinition;
}

export interface Assignee {
  id: string;
  type: 'user' | 'team';
  name: string;
  username?: string;
  email?: string;
}

export const fetchModule = (id: string) => call<DesignedModule>(api.get('/form/Editor/GetForm', { params: { id } }));
export const fetchAssignees = () => call<Assignee[]>(api.get('/form/Editor/LookupAssignee'));

/** The workflow draft is saved through SaveForm together with the module draft it was designed against. */
export const saveWorkflowDraft = (id: string, module: ModuleDefinition, workflow: WorkflowDefinition) =>
  call<{ warnings: { message: string }[] }>(
    api.post('/form/Editor/SaveForm', { module, workflow }, { params: { id } }),
  );

export const publishModule = (id: string) =>
  call<{ id: string; version: number }>(api.post('/form/Editor/publish', {}, { params: { id } }));
