import { sql, type RawBuilder } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { LoadedVersion } from '../records/store.js';
import { COMPLETE_STEP, START_STEP } from '../../../schemas/workflow-definition.js';
import { resolvePermissions } from '../../../runtime/permissions.js';
import { OUTCOMES } from '../engine/status.js';
import { outcomeSql, PROCESS_STATUSES } from './status-sql.js';

/** `label`: a reference stored as `{ id, label }` (lookups, users, dataset rows), listed, sorted and filtered by its label. */
export type ColumnKind = 'text' | 'number' | 'label';

/** One column of the record list as SQL sees it. `expr` is written so that it matches the list's indexes. */
export interface ListColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  expr: RawBuilder<unknown>;
  /** What the list orders and pages by; the same as `expr` except for PostgreSQL fields (see sortKeySql). */
  sortExpr: RawBuilder<unknown>;
  nullable: boolean;
  sortable: boolean;
  /** A field (value in records.data) rather than a system column. */
  field: boolean;
  /** The only values the column holds, when it is one of a fixed set (filters offer them as choices). */
  values?: readonly string[];
}

/** Field names are identifiers (the module schema's pattern), so they can be written into SQL and index DDL. */
export const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * The one dialect difference of the list: a JSON value of records.data. SQLite keeps JSON types in json_extract;
 * PostgreSQL's ->> is text, so numbers are cast (only when the stored value is a number, so bad data never errors).
 */
export function fieldSql(dialect: DialectName, name: string, kind: ColumnKind): string {
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe field name ${name}`);
  if (kind === 'label')
    return dialect === 'sqlite' ? `json_extract(data, '$.${name}.label')` : `(data::jsonb->'${name}'->>'label')`;
  if (dialect === 'sqlite') return `json_extract(data, '$.${name}')`;
  return kind === 'number'
    ? `(case when jsonb_typeof(data::jsonb->'${name}') = 'number' then (data::jsonb->>'${name}')::numeric end)`
    : `(data::jsonb->>'${name}')`;
}

const system = (key: string, label: string, opts: Partial<ListColumn> = {}): ListColumn => {
  const expr = opts.expr ?? sql.ref(`records.${key}`);
  return { key, label, kind: 'text', expr, sortExpr: expr, nullable: true, sortable: true, field: false, ...opts };
};

/**
 * The sort key of a field. SQLite orders json_extract values directly. PostgreSQL orders ff_sort_key (migration
 * 0062): text that sorts like the value, compared bytewise, so its conditions may be index conditions under
 * row-level security.
 */
/**
 * ff_sort_key's encoding of a number, for code that builds a position in a PostgreSQL list from a value (the same
 * steps as the SQL function: sign, exponent of 0.m × 10^e, digits; negatives inverted and closed by '~').
 */
export function numberSortKey(n: number): string {
  if (n === 0) return '1';
  // toExponential gives the shortest digits that read back as n: d.ddd × 10^x = 0.dddd × 10^(x+1).
  const [digits = '', exp = '0'] = Math.abs(n).toExponential().split('e');
  const e = Number(exp) + 1;
  const m = digits.replace('.', '').replace(/0+$/, '');
  if (n > 0) return `2${String(500000 + e).padStart(6, '0')}${m}`;
  return `0${String(500000 - e).padStart(6, '0')}${m.replace(/\d/g, (d) => String(9 - Number(d)))}~`;
}

export function sortKeySql(dialect: DialectName, name: string, kind: ColumnKind): string {
  if (dialect === 'sqlite') return fieldSql(dialect, name, kind);
  if (!SAFE_NAME.test(name)) throw new Error(`unsafe field name ${name}`);
  if (kind === 'label') return `(ff_label_key(records.data, '${name}') collate "C")`;
  return `(ff_sort_key(records.data, '${name}', ${kind === 'number'}) collate "C")`;
}

/** System columns of spec section 2 (and a few more for sorting); process status and tasks are derived. */
export const SYSTEM_COLUMNS: ListColumn[] = [
  system('process_status', 'Process Status', { sortable: false, expr: sql`null`, values: PROCESS_STATUSES }),
  system('process_outcome', 'Outcome', { sortable: false, expr: outcomeSql, values: OUTCOMES }),
  system('tasks', 'Tasks', { sortable: false, expr: sql`null` }),
  system('workflow_activity_name', 'Process Step'),
  system('workflow_started_on', 'Process Started On'),
  system('workflow_initiator_user', 'Process Initiator', { sortable: false }),
  system('workflow_initiator_email', 'Initiator Email'),
  system('workflow_completed_on', 'Process Completed On'),
  system('workflow_status', 'Workflow Status'),
  system('sequence_number', 'Sequence Number', { kind: 'number' }),
  system('created_on', 'Created At', { nullable: false }),
  system('modified_on', 'Modified At', { nullable: false }),
];

export const isNumberSchema = (s: Record<string, unknown>): boolean => {
  const t = s.type;
  return t === 'number' || t === 'integer' || (Array.isArray(t) && (t.includes('number') || t.includes('integer')));
};

/** The kind the browser sees: a reference's label filters and sorts like text. */
export const viewKind = (kind: ColumnKind): 'text' | 'number' => (kind === 'number' ? 'number' : 'text');

/** A reference value: an object with an id and the label it is shown by. */
export const isRefSchema = (s: Record<string, unknown>): boolean => {
  const p = s.properties as Record<string, unknown> | undefined;
  return s.type === 'object' && !!p && 'id' in p && 'label' in p;
};

/**
 * Fields a list may show, search, filter and sort: those that hold a value and that no step hides. A list row may
 * be at any step for its viewer, so a field some step hides is read only through the record itself, where the
 * viewer's step decides.
 */
export function fieldColumns(v: LoadedVersion, dialect: DialectName): ListColumn[] {
  const steps = [START_STEP, ...v.workflow.activities.map((a) => a.activityId), COMPLETE_STEP];
  const hidden = new Set<string>();
  for (const step of steps)
    for (const [name, a] of Object.entries(resolvePermissions(v.definition, v.workflow, step, v.registry)))
      if (a === 'hidden') hidden.add(name);
  const out: ListColumn[] = [];
  for (const name of v.compiled.order) {
    const f = v.compiled.fields[name]!;
    if (hidden.has(name) || f.manifest.uiHints?.noValue || !SAFE_NAME.test(name)) continue;
    const kind: ColumnKind = isNumberSchema(f.valueSchema) ? 'number' : isRefSchema(f.valueSchema) ? 'label' : 'text';
    out.push({
      key: name,
      label: f.label,
      kind,
      expr: sql.raw(fieldSql(dialect, name, kind)),
      sortExpr: sql.raw(sortKeySql(dialect, name, kind)),
      nullable: true,
      sortable: true,
      field: true,
    });
  }
  return out;
}

const columnsCache = new WeakMap<LoadedVersion, Map<DialectName, Map<string, ListColumn>>>();

/**
 * What an equality filter on a field compares, written as the list's pair index keys it (indexes.ts): on PostgreSQL
 * a text or label field's sort key, equal exactly when the values are and leakproof where the migrations could
 * declare it (under row-level security only a leakproof condition may be an index condition); elsewhere the value.
 */
export function equalityKeySql(dialect: DialectName, name: string, kind: ColumnKind): string {
  return dialect === 'postgres' && kind !== 'number' ? sortKeySql(dialect, name, kind) : fieldSql(dialect, name, kind);
}

/** Module columns: fields first (by form order), then the system columns; system keys win over field names. */
export function listColumns(v: LoadedVersion, dialect: DialectName): Map<string, ListColumn> {
  // A published version never changes: its columns (which resolve every step's permissions) are worked out once.
  const hit = columnsCache.get(v)?.get(dialect);
  if (hit) return hit;
  const map = new Map<string, ListColumn>();
  for (const c of fieldColumns(v, dialect)) map.set(c.key, c);
  for (const c of SYSTEM_COLUMNS) map.set(c.key, c);
  if (!columnsCache.has(v)) columnsCache.set(v, new Map());
  columnsCache.get(v)!.set(dialect, map);
  return map;
}
