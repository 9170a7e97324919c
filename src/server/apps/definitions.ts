import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../schemas/workflow-definition.js';
import { compileDefinition } from '../../../runtime/compile.js';
import { loadFieldRegistry } from '../../../runtime/registry-node.js';
import { compileSchema } from '../../../runtime/ajv.js';
import { workflowDefinitionSchema } from '../../../schemas/workflow-definition.js';

export const emptyDefinition = (name: string): ModuleDefinition => ({
  display_name: name,
  fieldGroups: [{ id: 'section-1', label: 'Section 1', rows: [{ fields: [] }] }],
});

export const defaultWorkflow = (): WorkflowDefinition => ({
  activities: [
    { activityId: 'start', type: 'StartProcess', displayName: 'Start', position: { left: 80, top: 120 } },
    { activityId: 'completed', type: 'CompletedProcess', displayName: 'Completed', position: { left: 480, top: 120 } },
  ],
  connections: [{ sourceActivityId: 'start', targetActivityId: 'completed', outcome: 'Done' }],
});

/** Compiles a definition with the server's registry; the same compiler the browser runs. */
export async function compileOnServer(def: ModuleDefinition, workflow?: WorkflowDefinition) {
  const { manifests } = await loadFieldRegistry();
  const compiled = compileDefinition(def, manifests);
  const errors = [...compiled.errors];
  if (workflow) {
    const ok = compileSchema(workflowDefinitionSchema);
    if (!ok(workflow))
      for (const e of ok.errors ?? []) errors.push({ message: `Workflow ${e.instancePath || '/'} ${e.message}` });
  }
  return { compiled, errors, registry: manifests };
}

export function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}
