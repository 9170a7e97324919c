import type { ModuleDefinition } from '../schemas/module-definition';
import type { WorkflowActivity, WorkflowDefinition } from '../schemas/workflow-definition';
import type { ActivityManifest, ActivityManifestRegistry, ActivityRole } from './plugin-contract';

/**
 * The workflow rules both the designer (before save) and the server (on save and publish) check. Pure: the caller
 * passes the module's field names and the activity registry (browser or server); what a type means comes from its
 * manifest (role, outcomes, validate), never from its name.
 */

export const DEFAULT_OUTCOME = 'Done';

/** Structural rules of every workflow; plugins add codes of their own through their manifest's validate. */
export type CoreIssueCode =
  | 'START_MISSING'
  | 'START_MANY'
  | 'COMPLETE_MISSING'
  | 'COMPLETE_MANY'
  | 'START_INCOMING'
  | 'COMPLETE_OUTGOING'
  | 'DUPLICATE_ID'
  | 'UNKNOWN_TYPE'
  | 'DANGLING_CONNECTION'
  | 'UNKNOWN_OUTCOME'
  | 'OUTCOME_TWICE'
  | 'UNREACHABLE';

export interface WorkflowIssue {
  /** A core code, or a plugin's own (then `ns` names the plugin's i18next namespace). */
  code: string;
  /** English text, as the server answers it. The designer translates by code with `params`. */
  message: string;
  params: Record<string, string>;
  activityId?: string;
  /** For a plugin's issue: its namespace ('activity.<type>'), where the text is `issue.<code>`. */
  ns?: string;
}

export interface WorkflowValidationContext {
  /** Every field name of the module's definition (user fields among them). */
  fieldNames: Iterable<string>;
  /** The activity plugins by type (runtime/activity-registry.ts in the browser, activity-registry-node.ts on the server). */
  activities: ActivityManifestRegistry;
}

const TEXT: Record<CoreIssueCode, string> = {
  START_MISSING: 'The workflow needs a Start step',
  START_MANY: 'The workflow may have only one Start step',
  COMPLETE_MISSING: 'The workflow needs a Completed step',
  COMPLETE_MANY: 'The workflow may have only one Completed step',
  START_INCOMING: 'Start must be the first step: nothing may lead to it',
  COMPLETE_OUTGOING: 'Completed must be the last step: nothing may follow it',
  DUPLICATE_ID: 'Two activities share the id {id}',
  UNKNOWN_TYPE: 'Activity {name} has an unknown type {type}',
  DANGLING_CONNECTION: 'A connection from {name} refers to a missing activity',
  UNKNOWN_OUTCOME: '{name} has no outcome {outcome}',
  OUTCOME_TWICE: 'Outcome {outcome} of {name} is connected more than once',
  UNREACHABLE: '{name} cannot be reached from Start',
};

export const formatIssue = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => params[k] ?? m);

export const activityLabel = (a: WorkflowActivity) => a.displayName || a.name || a.activityId;

/** Every field name of a module definition. */
export const fieldNamesOf = (def: ModuleDefinition): string[] =>
  (def.fieldGroups ?? []).flatMap((g) => (g.rows ?? []).flatMap((r) => (r.fields ?? []).map((f) => f.name)));

/** The role of an activity's type (start, end), from its plugin. */
export const roleOf = (
  activities: ActivityManifestRegistry,
  a: Pick<WorkflowActivity, 'type'>,
): ActivityRole | undefined => activities[a.type]?.role;

/** The activities of a workflow whose type plays `role`. */
export const activitiesWithRole = (wf: WorkflowDefinition, activities: ActivityManifestRegistry, role: ActivityRole) =>
  wf.activities.filter((a) => roleOf(activities, a) === role);

/** An activity's configuration: its plugin's defaults under what the activity sets. */
export const configOf = (
  manifest: ActivityManifest<object> | undefined,
  a: WorkflowActivity,
): Record<string, unknown> => ({
  ...((manifest?.defaultConfig ?? {}) as Record<string, unknown>),
  ...(a.properties ?? {}),
});

/** Outcomes an activity may connect: its plugin's list (an end has none), or 'Done' when the plugin is unknown. */
export function outcomesFor(type: string, activities: ActivityManifestRegistry): string[] {
  return activities[type]?.outcomes ?? [DEFAULT_OUTCOME];
}

export function validateWorkflow(wf: WorkflowDefinition, ctx: WorkflowValidationContext): WorkflowIssue[] {
  const issues: WorkflowIssue[] = [];
  const add = (code: CoreIssueCode, params: Record<string, string> = {}, activityId?: string) =>
    issues.push({ code, params, message: formatIssue(TEXT[code], params), ...(activityId ? { activityId } : {}) });
  const { activities } = ctx;
  const fieldNames = new Set(ctx.fieldNames);
  const byId = new Map<string, WorkflowActivity>();
  for (const a of wf.activities) {
    if (byId.has(a.activityId)) add('DUPLICATE_ID', { id: a.activityId }, a.activityId);
    byId.set(a.activityId, a);
  }

  const starts = activitiesWithRole(wf, activities, 'start');
  const ends = activitiesWithRole(wf, activities, 'end');
  if (!starts.length) add('START_MISSING');
  if (starts.length > 1) add('START_MANY');
  if (!ends.length) add('COMPLETE_MISSING');
  if (ends.length > 1) add('COMPLETE_MANY');

  for (const a of wf.activities) {
    const name = activityLabel(a);
    const manifest = activities[a.type];
    if (!manifest) {
      add('UNKNOWN_TYPE', { name, type: a.type }, a.activityId);
      continue;
    }
    for (const i of manifest.validate?.(configOf(manifest, a), { activity: a, name, fieldNames }) ?? []) {
      const params = i.params ?? {};
      issues.push({
        code: i.code,
        message: formatIssue(i.text, params),
        params,
        activityId: a.activityId,
        ns: `activity.${a.type}`,
      });
    }
  }

  const seen = new Set<string>();
  const next = new Map<string, string[]>();
  for (const c of wf.connections) {
    const src = byId.get(c.sourceActivityId);
    const name = src ? activityLabel(src) : c.sourceActivityId;
    if (!src || !byId.has(c.targetActivityId)) {
      add('DANGLING_CONNECTION', { name }, src?.activityId);
      continue;
    }
    const outcome = c.outcome || DEFAULT_OUTCOME;
    const srcRole = roleOf(activities, src);
    if (activities[src.type] && srcRole !== 'end' && !outcomesFor(src.type, activities).includes(outcome))
      add('UNKNOWN_OUTCOME', { name, outcome }, src.activityId);
    const key = `${src.activityId}\u0000${outcome}`;
    if (seen.has(key)) add('OUTCOME_TWICE', { name, outcome }, src.activityId);
    seen.add(key);
    if (roleOf(activities, byId.get(c.targetActivityId)!) === 'start') add('START_INCOMING', {}, c.targetActivityId);
    if (srcRole === 'end') add('COMPLETE_OUTGOING', {}, src.activityId);
    next.set(src.activityId, [...(next.get(src.activityId) ?? []), c.targetActivityId]);
  }

  const start = starts[0];
  if (start) {
    const reached = new Set([start.activityId]);
    const queue = [start.activityId];
    while (queue.length)
      for (const n of next.get(queue.shift()!) ?? [])
        if (!reached.has(n)) {
          reached.add(n);
          queue.push(n);
        }
    for (const a of wf.activities)
      if (!reached.has(a.activityId)) add('UNREACHABLE', { name: activityLabel(a) }, a.activityId);
  }
  return dedupe(issues);
}

function dedupe(issues: WorkflowIssue[]): WorkflowIssue[] {
  const keys = new Set<string>();
  return issues.filter((i) => (keys.has(i.message) ? false : (keys.add(i.message), true)));
}

/**
 * The step list: the start first, then the other activities in the order a walk from the start meets them
 * (unreachable ones after, by position), the end last.
 */
export function orderSteps(wf: WorkflowDefinition, activities: ActivityManifestRegistry): WorkflowActivity[] {
  const start = activitiesWithRole(wf, activities, 'start')[0];
  const ends = activitiesWithRole(wf, activities, 'end');
  const isEnd = (a: WorkflowActivity) => roleOf(activities, a) === 'end';
  const order: WorkflowActivity[] = [];
  const byId = new Map(wf.activities.map((a) => [a.activityId, a]));
  const visited = new Set<string>();
  const queue = start ? [start.activityId] : [];
  while (queue.length) {
    const id = queue.shift()!;
    if (visited.has(id)) continue;
    visited.add(id);
    const a = byId.get(id);
    if (!a) continue;
    if (!isEnd(a)) order.push(a);
    for (const c of wf.connections) if (c.sourceActivityId === id) queue.push(c.targetActivityId);
  }
  const pos = (a: WorkflowActivity) => (a.position ? a.position.top * 10_000 + a.position.left : 0);
  const rest = wf.activities
    .filter((a) => !visited.has(a.activityId) && !isEnd(a) && roleOf(activities, a) !== 'start')
    .sort((a, b) => pos(a) - pos(b));
  return [...order, ...rest, ...ends];
}
