import type { WorkflowActivity, WorkflowConnection, WorkflowDefinition } from '../schemas/workflow-definition';
import type { ActivityManifestRegistry } from './plugin-contract';
import { DEFAULT_OUTCOME } from './workflow-validate';

/** Names the designer shows for a stored type, and their reverse (an Elsa export may carry either). */
const TYPE_ALIASES: Record<string, string> = { IfElse: 'If', FinishDataconnector: 'Finish' };

const TEXT = {
  NOT_JSON: 'The text is not valid JSON',
  NO_ACTIVITIES: 'The workflow has no activities list',
  ACTIVITY_NOT_OBJECT: 'Activity {n} is not an object',
  ACTIVITY_NO_ID: 'Activity {n} has no activityId',
  ACTIVITY_NO_TYPE: 'Activity {id} has no type',
  DUPLICATE_ID: 'Two activities share the id {id}',
  CONNECTIONS_NOT_LIST: 'connections must be a list',
  CONNECTION_NOT_OBJECT: 'Connection {n} is not an object',
  CONNECTION_ENDS: 'Connection {n} needs sourceActivityId and targetActivityId',
  CONNECTION_MISSING: 'Connection {n} refers to a missing activity {id}',
} as const;
export type ElsaImportErrorCode = keyof typeof TEXT;

/** What the import cannot read: an English message plus a code and params for translation. */
export class ElsaImportError extends Error {
  constructor(
    readonly code: ElsaImportErrorCode,
    readonly params: Record<string, string> = {},
  ) {
    super(TEXT[code].replace(/\{(\w+)\}/g, (m, k: string) => params[k] ?? m));
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
const num = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
const camel = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Elsa 2 stores properties as [{ name, syntax, expressions: { Literal: '…' } }]; we keep name -> value. */
function properties(raw: unknown): Obj | undefined {
  if (isObj(raw)) return { ...raw };
  if (!Array.isArray(raw)) return undefined;
  const out: Obj = {};
  for (const p of raw) {
    if (!isObj(p) || !str(p.name)) continue;
    const ex = isObj(p.expressions) ? p.expressions : {};
    const syntax = str(p.syntax);
    const value = p.value ?? ex.Literal ?? (syntax ? ex[syntax] : undefined) ?? Object.values(ex)[0];
    if (value !== undefined) out[camel(p.name as string)] = value;
  }
  return out;
}

function activity(raw: unknown, index: number, activities: ActivityManifestRegistry): WorkflowActivity {
  if (!isObj(raw)) throw new ElsaImportError('ACTIVITY_NOT_OBJECT', { n: String(index + 1) });
  const activityId = str(raw.activityId) ?? str(raw.id);
  const rawType = str(raw.type);
  if (!activityId) throw new ElsaImportError('ACTIVITY_NO_ID', { n: String(index + 1) });
  if (!rawType) throw new ElsaImportError('ACTIVITY_NO_TYPE', { id: activityId });
  const pos = isObj(raw.position) ? raw.position : raw;
  const left = num(pos.left) ?? num(pos.x) ?? 80 + (index % 4) * 260;
  const top = num(pos.top) ?? num(pos.y) ?? 80 + Math.floor(index / 4) * 160;
  const out: WorkflowActivity = { activityId, type: TYPE_ALIASES[rawType] ?? rawType, position: { left, top } };
  for (const k of ['name', 'displayName', 'description'] as const) if (str(raw[k])) out[k] = raw[k] as string;
  if (isObj(raw.state)) out.state = { ...raw.state };
  const props = properties(raw.properties) ?? {};
  if (Object.keys(props).length) out.properties = props;
  if (raw.assignToCollectionExpression !== undefined)
    out.assignToCollectionExpression = raw.assignToCollectionExpression;
  // What Elsa keeps outside properties (an Assignment's approvers) the type's plugin moves into its config.
  return activities[out.type]?.fromElsa?.(out) ?? out;
}

function connection(raw: unknown, index: number, ids: Set<string>): WorkflowConnection {
  if (!isObj(raw)) throw new ElsaImportError('CONNECTION_NOT_OBJECT', { n: String(index + 1) });
  const sourceActivityId = str(raw.sourceActivityId) ?? str(raw.source);
  const targetActivityId = str(raw.targetActivityId) ?? str(raw.destinationActivityId) ?? str(raw.target);
  if (!sourceActivityId || !targetActivityId) throw new ElsaImportError('CONNECTION_ENDS', { n: String(index + 1) });
  for (const id of [sourceActivityId, targetActivityId])
    if (!ids.has(id)) throw new ElsaImportError('CONNECTION_MISSING', { n: String(index + 1), id });
  return { sourceActivityId, targetActivityId, outcome: str(raw.outcome) ?? DEFAULT_OUTCOME };
}

/**
 * Converts an Elsa 2 workflow export (or our own stored shape) into a workflow definition: activities keep their
 * ids, types (IfElse -> If, FinishDataconnector -> Finish), positions and properties, and each type's plugin
 * (`fromElsa` of its manifest in `activities`) adopts what Elsa stores elsewhere; connections keep their outcome
 * ('Done' when absent). Throws ElsaImportError with a message to show for anything it cannot read.
 */
export function importElsaWorkflow(input: unknown, activities: ActivityManifestRegistry = {}): WorkflowDefinition {
  let doc = input;
  if (typeof doc === 'string') {
    try {
      doc = JSON.parse(doc) as unknown;
    } catch {
      throw new ElsaImportError('NOT_JSON');
    }
  }
  // Exports are sometimes wrapped, e.g. { workflowDefinition: {...} } or { data: {...} }.
  for (const key of ['workflowDefinition', 'definition', 'data'])
    if (isObj(doc) && !Array.isArray(doc.activities) && isObj(doc[key])) doc = doc[key];
  if (!isObj(doc) || !Array.isArray(doc.activities)) throw new ElsaImportError('NO_ACTIVITIES');
  const list = doc.activities.map((a, i) => activity(a, i, activities));
  const ids = new Set<string>();
  for (const a of list) {
    if (ids.has(a.activityId)) throw new ElsaImportError('DUPLICATE_ID', { id: a.activityId });
    ids.add(a.activityId);
  }
  const rawConnections = doc.connections ?? [];
  if (!Array.isArray(rawConnections)) throw new ElsaImportError('CONNECTIONS_NOT_LIST');
  return { activities: list, connections: rawConnections.map((c, i) => connection(c, i, ids)) };
}
