import type { TenantDb } from '../tenancy/tenant-db.js';
import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../schemas/workflow-definition.js';
import type { AssigneeRef } from '../../../runtime/plugin-contract.js';
import { activities } from '../../../runtime/activity-registry-node.js';
import { compileSchema } from '../../../runtime/ajv.js';
import { COMPLETE_STEP, START_STEP, workflowDefinitionSchema } from '../../../schemas/workflow-definition.js';
import { resolvePermissions } from '../../../runtime/permissions.js';
import { badRequest, notFound } from '../http/errors.js';
import { liveModule } from '../records/queries.js';
import { loadVersion } from '../records/store.js';
import {
  activityLabel,
  configOf,
  fieldNamesOf,
  validateWorkflow,
  type WorkflowIssue,
} from '../../../runtime/workflow-validate.js';
import type { Assignee, LookupQuery, PermissibleQuery } from './schemas.js';
import { activeUsers, teamIdsAmong, teams, userIdsAmong } from './queries.js';

/** The tenant's active users and its teams, as approvers to pick (searchTerm filters by name, user name or e-mail). */
export async function lookupAssignees(tdb: TenantDb, q: LookupQuery): Promise<Assignee[]> {
  const term = (q.searchTerm ?? '').trim().toLowerCase();
  const match = (...s: string[]) => !term || s.some((x) => x.toLowerCase().includes(term));
  const [users, groups] = await Promise.all([activeUsers(tdb), teams(tdb)]);
  return [
    ...users
      .filter((u) => match(u.fullname, u.username, u.email))
      .map((u) => ({
        id: u.id,
        type: 'user' as const,
        name: u.fullname || u.username,
        username: u.username,
        email: u.email,
      })),
    ...groups.filter((t) => match(t.name)).map((t) => ({ id: t.id, type: 'team' as const, name: t.name })),
  ];
}

/**
 * What stops a workflow from being saved or published: the rules the designer checks (the same pure function),
 * then approvers that are not people of this tenant. A workflow that does not match its JSON Schema is left to
 * the schema check, which reports it.
 */
export async function workflowIssues(
  tdb: TenantDb,
  def: ModuleDefinition,
  wf: WorkflowDefinition | undefined,
): Promise<WorkflowIssue[]> {
  if (!wf || !compileSchema(workflowDefinitionSchema)(wf)) return [];
  const issues = validateWorkflow(wf, { fieldNames: fieldNamesOf(def), activities: activities.manifests });
  return [...issues, ...(await foreignAssignees(tdb, wf))];
}

const CHUNK = 500;
const chunks = (ids: string[]) =>
  Array.from({ length: Math.ceil(ids.length / CHUNK) }, (_, i) => ids.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Users and teams named by id that this tenant does not have (another tenant's, or made up): such a step would only
 * fault at run time, so it is refused when the workflow is saved, naming the step and the approver.
 */
async function foreignAssignees(tdb: TenantDb, wf: WorkflowDefinition): Promise<WorkflowIssue[]> {
  const named: { ref: AssigneeRef & { id: string }; step: string; activityId: string }[] = [];
  for (const a of wf.activities) {
    const m = activities.manifests[a.type];
    for (const ref of m?.assignees?.(configOf(m, a), a) ?? [])
      if ((ref.type === 'user' || ref.type === 'team') && ref.id)
        named.push({ ref: { ...ref, id: ref.id }, step: activityLabel(a), activityId: a.activityId });
  }
  if (!named.length) return [];
  const idsOf = (type: AssigneeRef['type']) => [
    ...new Set(named.filter((n) => n.ref.type === type).map((n) => n.ref.id)),
  ];
  const known = new Set<string>();
  for (const part of chunks(idsOf('user'))) for (const id of await userIdsAmong(tdb, part)) known.add(`user:${id}`);
  for (const part of chunks(idsOf('team'))) for (const id of await teamIdsAmong(tdb, part)) known.add(`team:${id}`);
  const issues: WorkflowIssue[] = [];
  const reported = new Set<string>();
  for (const { ref, step, activityId } of named) {
    const key = `${ref.type}:${ref.id}`;
    if (known.has(key) || reported.has(`${activityId}\u0000${key}`)) continue;
    reported.add(`${activityId}\u0000${key}`);
    const params = { approver: ref.id, step };
    issues.push({
      code: 'APPROVER_UNKNOWN',
      params,
      message: `Approver '${ref.id}' of step '${step}' is not a user or team of this organisation`,
      activityId,
    });
  }
  return issues;
}

/**
 * The field rules of one step of an app's published workflow, resolved as the record form applies them (the same
 * `resolvePermissions`): what the workflow designer and the roles screen explain.
 */
export async function permissibleFields(tdb: TenantDb, q: PermissibleQuery) {
  const m = await liveModule(tdb, q.moduleId);
  if (!m) throw notFound('App not found');
  if (!m.published_version) throw notFound('This app has no published version.');
  const v = await loadVersion(tdb, m.id, m.published_version);
  const step = q.activityId ?? START_STEP;
  const steps = [START_STEP, COMPLETE_STEP, ...(v.workflow?.activities ?? []).map((a) => a.activityId)];
  if (!steps.includes(step)) throw badRequest(`'${step}' is not a step of this app's workflow`);
  const access = resolvePermissions(v.definition, v.workflow, step, v.registry);
  return {
    moduleId: m.id,
    version: v.version,
    step,
    fields: v.compiled.order
      .filter((name) => access[name])
      .map((name) => ({ name, label: v.compiled.fields[name]!.label, access: access[name]! })),
  };
}
