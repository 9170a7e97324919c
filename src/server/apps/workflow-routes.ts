import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import type { Role } from '../identity/user-info.js';
import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import { workflowDefinitionSchema, type WorkflowDefinition } from '../../../schemas/workflow-definition.js';
import { loadActivityRegistry } from '../../../runtime/activity-registry-node.js';
import { compileSchema } from '../../../runtime/ajv.js';
import { validateWorkflow, type WorkflowIssue } from '../../../runtime/workflow-validate.js';

/** Outcomes per activity type, from the activity plugins. */
export async function activityOutcomes(): Promise<Record<string, string[]>> {
  const { manifests } = await loadActivityRegistry();
  return Object.fromEntries(Object.values(manifests).map((m) => [m.type, m.outcomes]));
}

export const fieldNamesOf = (def: ModuleDefinition): string[] =>
  (def.fieldGroups ?? []).flatMap((g) => (g.rows ?? []).flatMap((r) => (r.fields ?? []).map((f) => f.name)));

/**
 * The workflow rules the designer checks before save, run again on the server (same pure function). A workflow
 * that does not match its JSON Schema is left to the schema check, which reports it.
 */
export async function workflowIssues(
  def: ModuleDefinition,
  wf: WorkflowDefinition | undefined,
): Promise<WorkflowIssue[]> {
  if (!wf || !compileSchema(workflowDefinitionSchema)(wf)) return [];
  return validateWorkflow(wf, { fieldNames: fieldNamesOf(def), outcomes: await activityOutcomes() });
}

const DESIGNERS: Role[] = ['fullUser', 'consultant', 'administrator', 'sysAdmin'];

/** Read-only look-ups the workflow designer needs. */
export async function workflowDesignerRoutes(app: FastifyInstance, _ctx: AppContext) {
  // Approvers to pick: the tenant's active users and its teams (searchTerm filters by name, user name or email).
  app.get(
    '/api/form/Editor/LookupAssignee',
    {
      config: { roles: DESIGNERS },
      schema: {
        tags: ['workflow'],
        querystring: { type: 'object', properties: { searchTerm: { type: 'string', maxLength: 100 } } },
      },
    },
    async (req) => {
      const term = String((req.query as { searchTerm?: unknown }).searchTerm ?? '')
        .trim()
        .toLowerCase();
      const match = (...s: string[]) => !term || s.some((x) => x.toLowerCase().includes(term));
      const users = await req.tdb
        .selectFrom('users')
        .select(['id', 'username', 'fullname', 'email'])
        .where('status', '=', 'active')
        .orderBy('fullname')
        .orderBy('username')
        .limit(1000)
        .execute();
      const teams = await req.tdb.selectFrom('teams').select(['id', 'name']).orderBy('name').limit(1000).execute();
      const data = [
        ...users
          .filter((u) => match(u.fullname, u.username, u.email))
          .map((u) => ({
            id: u.id,
            type: 'user' as const,
            name: u.fullname || u.username,
            username: u.username,
            email: u.email,
          })),
        ...teams.filter((t) => match(t.name)).map((t) => ({ id: t.id, type: 'team' as const, name: t.name })),
      ];
      return { success: true, message: '', data };
    },
  );
}
