import type { AssigneeRef } from '../../../runtime/plugin-contract';
import type { WorkflowActivity } from '../../../schemas/workflow-definition';

/**
 * An approver: a user or team of the tenant by id, a user field of the record, or relative to the initiator in the
 * organisation's units: their manager, the head of a unit (by id), the holders of a role in their unit.
 */
export type Approver = AssigneeRef;

export const ORG_KINDS = ['manager', 'unitHead', 'unitRole'] as const satisfies Approver['type'][];
const KINDS = new Set<Approver['type']>(['user', 'team', 'field', ...ORG_KINDS]);
const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

/**
 * The approvers an Assignment names: its config's list, plus the user ids of an Elsa-style
 * assignToCollectionExpression kept on the activity (the spec's list of approver ids).
 */
export function approversOf(config: { approvers?: unknown }, activity: WorkflowActivity): Approver[] {
  const list = Array.isArray(config.approvers) ? config.approvers : [];
  const out = list.filter((r): r is Approver => isObj(r) && KINDS.has(r.type as Approver['type']));
  const legacy = activity.assignToCollectionExpression;
  if (Array.isArray(legacy)) for (const id of legacy) if (typeof id === 'string' && id) out.push({ type: 'user', id });
  return out;
}

/** Approvers of an Elsa assignToCollectionExpression: user ids (a list or "a, b"), or { type, id | field } objects. */
export function approversFromExpression(raw: unknown): Approver[] | undefined {
  const list = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : raw;
  if (!Array.isArray(list)) return undefined;
  const out: Approver[] = [];
  for (const r of list) {
    if (typeof r === 'string' && r) out.push({ type: 'user', id: r });
    else if (isObj(r) && r.type === 'field' && text(r.field)) out.push({ type: 'field', field: r.field as string });
    else if (isObj(r) && text(r.id)) out.push({ type: r.type === 'team' ? 'team' : 'user', id: r.id as string });
  }
  return out.length ? out : undefined;
}
