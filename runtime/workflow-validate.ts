import type { WorkflowActivity, WorkflowDefinition } from '../schemas/workflow-definition';
import { compileExpression } from './expressions';

/**
 * The workflow rules both the designer (before save) and the server (on save and publish) check. Pure: the caller
 * passes what it knows about the module (field names) and the activity plugins (outcomes per type).
 */

/** Activity types with a structural role in every workflow (spec section 3). */
export const START_TYPE = 'StartProcess';
export const COMPLETE_TYPE = 'CompletedProcess';
export const IF_TYPE = 'If';
export const ASSIGNMENT_TYPE = 'Assignment';
export const DEFAULT_OUTCOME = 'Done';

/** One approver of an Assignment (the Assignment plugin's config): a user or team by id, or a user field by name. */
export interface ApproverRef {
  type: 'user' | 'team' | 'field';
  id?: string;
  field?: string;
  /** Shown in the designer; not needed by the engine. */
  name?: string;
}

export type WorkflowIssueCode =
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
  | 'UNREACHABLE'
  | 'CONDITION_MISSING'
  | 'CONDITION_INVALID'
  | 'ASSIGNEE_REMOVED';

export interface WorkflowIssue {
  code: WorkflowIssueCode;
  /** English text, as the server answers it. The designer translates by code with `params`. */
  message: string;
  params: Record<string, string>;
  activityId?: string;
}

export interface WorkflowValidationContext {
  /** Every field name of the module's definition (user fields among them). */
  fieldNames: Iterable<string>;
  /** Outcomes per activity type, from the activity plugins. Without it, types and outcome names are not checked. */
  outcomes?: Record<string, string[]>;
}

const TEXT: Record<WorkflowIssueCode, string> = {
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
  CONDITION_MISSING: '{name} needs a condition',
  CONDITION_INVALID: 'The condition of {name} is not valid: {error}',
  ASSIGNEE_REMOVED: 'Assignee for {name} is no longer available',
};

export const formatIssue = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (m, k: string) => params[k] ?? m);

export const activityLabel = (a: WorkflowActivity) => a.displayName || a.name || a.activityId;

/** The approvers an Assignment names: its config's list, plus user ids of an Elsa-style assignToCollectionExpression. */
export function approversOf(a: WorkflowActivity): ApproverRef[] {
  const list = a.properties?.approvers;
  const out: ApproverRef[] = Array.isArray(list)
    ? list.filter(
        (r): r is ApproverRef =>
          !!r && typeof r === 'object' && ['user', 'team', 'field'].includes((r as ApproverRef).type),
      )
    : [];
  const legacy = a.assignToCollectionExpression;
  if (Array.isArray(legacy)) for (const id of legacy) if (typeof id === 'string' && id) out.push({ type: 'user', id });
  return out;
}

export const conditionOf = (a: WorkflowActivity): string => {
  const c = a.properties?.condition;
  return typeof c === 'string' ? c : '';
};

/** Outcomes an activity may connect: the plugin's list (Completed has none), or 'Done' when the plugin is unknown. */
export function outcomesFor(type: string, outcomes?: Record<string, string[]>): string[] {
  return outcomes?.[type] ?? [DEFAULT_OUTCOME];
}

export function validateWorkflow(wf: WorkflowDefinition, ctx: WorkflowValidationContext): WorkflowIssue[] {
  const issues: WorkflowIssue[] = [];
  const add = (code: WorkflowIssueCode, params: Record<string, string> = {}, activityId?: string) =>
    issues.push({ code, params, message: formatIssue(TEXT[code], params), ...(activityId ? { activityId } : {}) });
  const fields = new Set(ctx.fieldNames);
  const byId = new Map<string, WorkflowActivity>();
  for (const a of wf.activities) {
    if (byId.has(a.activityId)) add('DUPLICATE_ID', { id: a.activityId }, a.activityId);
    byId.set(a.activityId, a);
  }

  const starts = wf.activities.filter((a) => a.type === START_TYPE);
  const completes = wf.activities.filter((a) => a.type === COMPLETE_TYPE);
  if (!starts.length) add('START_MISSING');
  if (starts.length > 1) add('START_MANY');
  if (!completes.length) add('COMPLETE_MISSING');
  if (completes.length > 1) add('COMPLETE_MANY');

  const known = ctx.outcomes && Object.keys(ctx.outcomes).length ? ctx.outcomes : undefined;
  for (const a of wf.activities) {
    const name = activityLabel(a);
    if (known && !known[a.type]) add('UNKNOWN_TYPE', { name, type: a.type }, a.activityId);
    if (a.type === IF_TYPE) {
      const cond = conditionOf(a).trim();
      if (!cond) add('CONDITION_MISSING', { name }, a.activityId);
      else
        try {
          compileExpression(cond);
        } catch (e) {
          add('CONDITION_INVALID', { name, error: e instanceof Error ? e.message : String(e) }, a.activityId);
        }
    }
    if (a.type === ASSIGNMENT_TYPE) {
      // An Assignment without approvers is the designer's concern (a draft may be unfinished); a reference that
      // went away with a removed field is refused here, as the spec says.
      const approvers = approversOf(a);
      if (approvers.length && approvers.every((r) => r.type === 'field' && !fields.has(r.field ?? '')))
        add('ASSIGNEE_REMOVED', { name }, a.activityId);
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
    if (known && known[src.type] && src.type !== COMPLETE_TYPE && !outcomesFor(src.type, known).includes(outcome))
      add('UNKNOWN_OUTCOME', { name, outcome }, src.activityId);
    const key = `${src.activityId}\u0000${outcome}`;
    if (seen.has(key)) add('OUTCOME_TWICE', { name, outcome }, src.activityId);
    seen.add(key);
    if (byId.get(c.targetActivityId)!.type === START_TYPE) add('START_INCOMING', {}, c.targetActivityId);
    if (src.type === COMPLETE_TYPE) add('COMPLETE_OUTGOING', {}, src.activityId);
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
 * The step list: Start first, then the other activities in the order a walk from Start meets them (unreachable
 * ones after, by position), Completed last.
 */
export function orderSteps(wf: WorkflowDefinition): WorkflowActivity[] {
  const start = wf.activities.find((a) => a.type === START_TYPE);
  const complete = wf.activities.filter((a) => a.type === COMPLETE_TYPE);
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
    if (a.type !== COMPLETE_TYPE) order.push(a);
    for (const c of wf.connections) if (c.sourceActivityId === id) queue.push(c.targetActivityId);
  }
  const pos = (a: WorkflowActivity) => (a.position ? a.position.top * 10_000 + a.position.left : 0);
  const rest = wf.activities
    .filter((a) => !visited.has(a.activityId) && a.type !== COMPLETE_TYPE && a.type !== START_TYPE)
    .sort((a, b) => pos(a) - pos(b));
  return [...order, ...rest, ...complete];
}
