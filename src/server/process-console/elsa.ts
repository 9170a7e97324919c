import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, notFound } from '../http/errors.js';
import { audit } from '../audit/trail.js';
import { activities } from '../../../runtime/activity-registry-node.js';
import { compileSchema } from '../../../runtime/ajv.js';
import { ElsaImportError, importElsaWorkflow } from '../../../runtime/elsa-import.js';
import { workflowDefinitionSchema, type WorkflowDefinition } from '../../../schemas/workflow-definition.js';
import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import { workflowIssues } from '../workflows/service.js';

// Workflow definitions in Elsa 2's JSON (spec: "workflow definition create under /Elsa"): an import makes the app's
// workflow draft (checked like a save), an export writes the draft or the published workflow the way Elsa stores it.

const liveModule = (tdb: TenantDb, id: string) =>
  tdb
    .selectFrom('modules')
    .select(['id', 'display_name', 'module_draft', 'workflow_draft', 'published_version'])
    .where('id', '=', id)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();

/** Makes an Elsa definition the app's workflow draft; the draft's field permissions are kept. */
export async function importElsa(tdb: TenantDb, user: AuthUser, moduleId: string, definition: unknown) {
  const m = await liveModule(tdb, moduleId);
  if (!m) throw notFound('App not found');
  let wf: WorkflowDefinition;
  try {
    wf = importElsaWorkflow(definition, activities.manifests);
  } catch (err) {
    if (err instanceof ElsaImportError) throw badRequest(err.message);
    throw err;
  }
  const previous = JSON.parse(m.workflow_draft || '{}') as Partial<WorkflowDefinition>;
  if (previous.permissions && !wf.permissions) wf.permissions = previous.permissions;
  if (!compileSchema(workflowDefinitionSchema)(wf)) throw badRequest('The workflow does not have the expected shape.');
  const issues = await workflowIssues(tdb, JSON.parse(m.module_draft) as ModuleDefinition, wf);
  if (issues.length) throw badRequest(issues.map((i) => i.message).join('; '));
  await tdb.transaction(async (tx) => {
    await tx
      .updateTable('modules')
      .set({ workflow_draft: JSON.stringify(wf), modified_by: user.id, modified_on: new Date().toISOString() })
      .where('id', '=', moduleId)
      .execute();
    await audit(tx, {
      action: 'app.workflow.import',
      targetType: 'app',
      targetId: moduleId,
      targetLabel: m.display_name,
      details: { activities: wf.activities.length, connections: wf.connections.length },
    });
  });
  return { moduleId, activities: wf.activities.length, connections: wf.connections.length };
}

/** The app's workflow draft (or its newest published workflow) as an Elsa 2 definition. */
export async function exportElsa(tdb: TenantDb, moduleId: string, source: 'draft' | 'published' = 'draft') {
  const m = await liveModule(tdb, moduleId);
  if (!m) throw notFound('App not found');
  let text = m.workflow_draft;
  let version = 0;
  if (source === 'published') {
    if (!m.published_version) throw notFound('The app has no published version.');
    const v = await tdb
      .selectFrom('module_versions')
      .select('workflow')
      .where('module_id', '=', moduleId)
      .where('version', '=', m.published_version)
      .executeTakeFirstOrThrow();
    text = v.workflow;
    version = m.published_version;
  }
  return toElsa(JSON.parse(text) as WorkflowDefinition, { id: moduleId, name: m.display_name, version });
}

/** Our stored workflow in Elsa 2's shape: properties as [{ name, syntax, expressions }], positions as left/top. */
export function toElsa(wf: WorkflowDefinition, meta: { id: string; name: string; version: number }) {
  return {
    definitionId: meta.id,
    name: meta.name,
    version: meta.version,
    isPublished: meta.version > 0,
    activities: wf.activities.map((a) => ({
      activityId: a.activityId,
      type: a.type,
      ...(a.name && { name: a.name }),
      ...(a.displayName && { displayName: a.displayName }),
      ...(a.description && { description: a.description }),
      left: a.position?.left ?? 0,
      top: a.position?.top ?? 0,
      ...(a.state && { state: a.state }),
      properties: Object.entries(a.properties ?? {}).map(([name, value]) => ({
        name,
        syntax: 'Literal',
        expressions: { Literal: value },
      })),
    })),
    connections: wf.connections.map((c) => ({
      sourceActivityId: c.sourceActivityId,
      targetActivityId: c.targetActivityId,
      outcome: c.outcome || 'Done',
    })),
  };
}
