import { api, call } from '../../src/app/api/client';
import type { ModuleDefinition } from '../../schemas/module-definition';
import type { WorkflowDefinition } from '../../schemas/workflow-definition';
import type { DesignedApp, Published, SavedDraft } from '../../src/server/apps/lifecycle/schemas';
import type { Assignee, PermissibleFields } from '../../src/server/workflows/schemas';

/** The parts of GetForm's answer the workflow designer reads (the server's schema, types derived). */
export type DesignedModule = Pick<
  DesignedApp,
  'id' | 'display_name' | 'status' | 'module_version' | 'module_draft' | 'workflow_draft'
>;

/** A user or team to pick as an approver (the server's schema). */
export type { Assignee } from '../../src/server/workflows/schemas';

export const fetchModule = (id: string) => call<DesignedModule>(api.get('/form/Editor/GetForm', { params: { id } }));
/** What people at a step get with each field in the published version. */
export const fetchPermissibleFields = (moduleId: string, activityId: string) =>
  call<PermissibleFields>(api.get('/workflow/permissible-fields', { params: { moduleId, activityId } }));

export const fetchAssignees = () => call<Assignee[]>(api.get('/form/Editor/LookupAssignee'));

/** The workflow draft is saved through SaveForm together with the module draft it was designed against. */
export const saveWorkflowDraft = (id: string, module: ModuleDefinition, workflow: WorkflowDefinition) =>
  call<SavedDraft>(api.post('/form/Editor/SaveForm', { module, workflow }, { params: { id } }));

export const publishModule = (id: string) => call<Published>(api.post('/form/Editor/publish', {}, { params: { id } }));

/** The tenant's data connectors, for steps that call one. */
export const fetchConnectorNames = () =>
  call<{ id: string; name: string; dcType: string }[]>(api.get('/dataconnector/fetch'));
