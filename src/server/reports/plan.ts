import { expressionBuilder, sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.js';
import type { DialectName } from '../db/database.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { assertModuleAccess, visibleRecordsWhere } from '../access/index.js';
import { badRequest } from '../http/errors.js';
import { loadVersion } from '../records/store.js';
import { filterSql, parseFilters } from '../entries/filters.js';
import type { ListFilterInput } from '../entries/schemas.js';
import { planJoin, type PlanJoin } from './join.js';
import { aggregateSql, bucketSql, columnOf, reportColumns, type ReportColumn, type ViewKind } from './engine.js';
import type { Aggregate, DateBucket, GroupBy, ReportParameter, ReportSpec, SharedFilters } from './schemas.js';
import { direct, type Reader } from './cached-rows.js';
import { IndexedBy } from './indexed-by.js';
import { fromIndexRows, groupedFromRows, readsRowsFirst, rowsCover } from './rows-first.js';
import { groupedByDay, groupsByDay } from './by-day.js';
import { groupedByStatus, groupsByStatus } from './by-status.js';
import { DAY_COLUMNS } from './indexes.js';

export type Q = SelectQueryBuilder<DB, 'records', object>;

export interface PlanGroup {
  /** The column grouped by (under its bucket, if any). */
  col: ReportColumn;
  key: string;
  label: string;
  kind: ViewKind;
  expr: RawBuilder<unknown>;
  bucket?: DateBucket;
}
export interface PlanMeasure {
  agg: Aggregate;
  col?: ReportColumn;
  key: string;
  label: string;
  kind: ViewKind;
  expr: RawBuilder<unknown>;
}

/** A report spec read against the viewer's columns: every name checked, every piece SQL. */
export interface Plan {
  moduleId: string;
  columns: Map<string, ReportColumn>;
  groups: PlanGroup[];
  pivot?: PlanGroup;
  measures: PlanMeasure[];
  /** Flat list columns (no groups and no measures). */
  flat: ReportColumn[];
  /** ORDER BY items over the level query's aliases (g0.., m0..). */
  sort: { alias: string; dir: 'asc' | 'desc' }[];
  where: RawBuilder<SqlBool>[];
  user: AuthUser;
  dialect: DialectName;
  /** Another app joined through a lookup field (business intelligence), as `j`. */
  join?: PlanJoin;
  /** SQLite: the covering index grouped levels read the records from (indexes.ts). */
  indexedBy?: string;
  /** SQLite: that index is led by the grouped date's day (dayIndexOf). */
  dayIndexed?: boolean;
}

const AGG_LABEL = { count: 'Count', sum: 'Sum', avg: 'Average', min: 'Min', max: 'Max', distinct: 'Distinct' };

function groupOf(dialect: DialectName, columns: Map<string, ReportColumn>, g: GroupBy): PlanGroup {
  const c = columnOf(columns, g.column);
  if (!g.bucket) return { col: c, key: c.key, label: c.label, kind: c.view, expr: c.expr };
  if (c.view !== 'date') throw badRequest(`'${c.key}' is not a date: it cannot be grouped by ${g.bucket}.`);
  return {
    col: c,
    bucket: g.bucket,
    key: `${c.key}_${g.bucket}`,
    label: `${c.label} (${g.bucket})`,
    kind: g.bucket === 'day' ? 'date' : 'text',
    expr: bucketSql(dialect, c.expr, g.bucket),
  };
}

const PARAM = /^\{\{param:([A-Za-z_][A-Za-z0-9_]{0,63})\}\}$/;

/** `{{param:name}}` filter values take the viewer's answer (or the parameter's default). */
function withParameters(
  filters: readonly ListFilterInput[],
  declared: ReportParameter[],
  given: Record<string, string | number>,
): ListFilterInput[] {
  const one = (v: unknown): unknown => {
    if (typeof v !== 'string') return v;
    const m = PARAM.exec(v);
    if (!m) return v;
    const name = m[1]!;
    const p = declared.find((d) => d.name === name);
    const value = given[name] ?? p?.default;
    if (value === undefined || value === '') throw badRequest(`Parameter '${p?.label ?? name}' is required.`);
    if (p?.type === 'number' && !Number.isFinite(Number(value)))
      throw badRequest(`Parameter '${p.label}' needs a number.`);
    return p?.type === 'number' ? Number(value) : value;
  };
  return filters.map((f) => ({ ...f, value: Array.isArray(f.value) ? f.value.map(one) : one(f.value) }));
}

/** The dashboard's shared filters: a creation window and the record's creator. */
function sharedWhere(s: SharedFilters | undefined): RawBuilder<SqlBool>[] {
  const out: RawBuilder<SqlBool>[] = [];
  if (!s) return out;
  if (s.from) out.push(sql<SqlBool>`records.created_on >= ${s.from}`);
  // A bare date as the end means that whole day.
  if (s.to)
    out.push(
      sql<SqlBool>`records.created_on ${sql.raw(s.to.length <= 10 ? '<' : '<=')} ${s.to.length <= 10 ? `${s.to}T99` : s.to}`,
    );
  if (s.userId) out.push(sql<SqlBool>`records.created_by = ${s.userId}`);
  return out;
}

export interface PlanInput {
  spec: ReportSpec;
  declared: ReportParameter[];
  parameters: Record<string, string | number>;
  shared?: SharedFilters;
  /** A field's stored copy (PostgreSQL, stored-columns.ts), read instead of its JSON when grouping and measuring. */
  stored?: (name: string, kind: ReportColumn['kind']) => string | undefined;
}

/** The columns with each field that has a ready stored copy reading that copy (same values, no JSON per row). */
function withStored(columns: Map<string, ReportColumn>, stored: PlanInput['stored']): Map<string, ReportColumn> {
  if (!stored) return columns;
  const out = new Map(columns);
  for (const c of columns.values()) {
    const col = c.field ? stored(c.key, c.kind) : undefined;
    if (col) out.set(c.key, { ...c, expr: sql.raw(col) });
  }
  return out;
}

/** Checks the viewer may report on the app (its reports right) and reads the spec against the columns they may read. */
export async function planReport(tdb: TenantDb, dialect: DialectName, user: AuthUser, input: PlanInput): Promise<Plan> {
  const { spec } = input;
  await assertModuleAccess(tdb, user, spec.moduleId, 'reports');
  const m = await tdb
    .selectFrom('modules')
    .select('published_version')
    .where('id', '=', spec.moduleId)
    .executeTakeFirstOrThrow();
  if (!m.published_version) throw badRequest('The app is not published yet.');
  const version = await loadVersion(tdb, spec.moduleId, m.published_version);
  let columns = reportColumns(version, dialect);
  let join: PlanJoin | undefined;
  if (spec.join) {
    const joined = await planJoin(tdb, dialect, user, version, columns, spec.join.field);
    join = joined.join;
    columns = new Map([...columns, ...joined.columns]);
  }
  const agg = withStored(columns, input.stored);
  const groups = (spec.groupBy ?? []).map((g) => groupOf(dialect, agg, g));
  const pivot = spec.pivot ? groupOf(dialect, agg, spec.pivot) : undefined;
  const keys = [...groups, ...(pivot ? [pivot] : [])].map((g) => g.key);
  if (new Set(keys).size !== keys.length) throw badRequest('A column is grouped twice the same way.');
  const grouped = groups.length > 0 || !!pivot || (spec.measures?.length ?? 0) > 0;
  let measureSpecs = spec.measures ?? [];
  if (grouped && !measureSpecs.length) measureSpecs = [{ aggregate: 'count' }];
  const measures: PlanMeasure[] = measureSpecs.map((ms) => {
    if (ms.aggregate !== 'count' && !ms.column) throw badRequest(`The ${ms.aggregate} measure needs a column.`);
    const col = ms.aggregate === 'count' ? undefined : columnOf(agg, ms.column);
    const expr = aggregateSql(ms.aggregate, col);
    return {
      agg: ms.aggregate,
      ...(col ? { col } : {}),
      key: col ? `${ms.aggregate}_${col.key}` : 'count',
      label: ms.label || (col ? `${AGG_LABEL[ms.aggregate]} of ${col.label}` : 'Count'),
      kind: ms.aggregate === 'min' || ms.aggregate === 'max' ? col!.view : 'number',
      expr,
    };
  });
  if (new Set(measures.map((x) => x.key)).size !== measures.length) throw badRequest('A measure is asked twice.');
  const flat = grouped
    ? []
    : (spec.columns?.length ? spec.columns : [...columns.keys()]).map((k) => columnOf(columns, k));
  // Every filter names a readable column (a hidden field is refused by name, never silently ignored).
  for (const f of spec.filters ?? []) columnOf(columns, f.field ?? f.column);
  const filters = parseFilters(withParameters(spec.filters ?? [], input.declared, input.parameters), columns);
  const where = [...filters.map((f) => filterSql(columns.get(f.column)!, f)), ...sharedWhere(input.shared)];
  const sort = (spec.sort ?? []).map((s) => {
    const gi = groups.findIndex((g) => g.key === s.key);
    if (gi >= 0) return { alias: `g${gi}`, dir: s.dir };
    const mi = measures.findIndex((x) => x.key === s.key);
    if (mi >= 0) return { alias: `m${mi}`, dir: s.dir };
    const fi = flat.findIndex((c) => c.key === s.key);
    if (fi >= 0) return { alias: `c${fi}`, dir: s.dir };
    throw badRequest(`Cannot sort by '${s.key}'.`);
  });
  return {
    moduleId: spec.moduleId,
    columns,
    groups,
    pivot,
    measures,
    flat,
    sort,
    where,
    user,
    dialect,
    ...(join ? { join } : {}),
  };
}

/**
 * The records a plan reads: this app's submitted records the viewer may open that pass every filter. `byId`: the
 * caller walks them in id order; SQLite then must not use the draft flag for an index (`+`), or it picks a field
 * index with more equal columns and sorts the whole app for every page instead of walking (tenant, app, id).
 */
export function baseQuery(tdb: TenantDb, plan: Plan, byId = false): Q {
  const draft =
    byId && plan.dialect === 'sqlite' ? sql<SqlBool>`+records.is_draft = 0` : sql<SqlBool>`records.is_draft = 0`;
  let q = tdb.selectFrom('records').where('records.module_id', '=', plan.moduleId).where(draft) as unknown as Q;
  const join = plan.join;
  if (join) q = q.leftJoin(join.table(tdb).as('j'), (jn) => jn.on(join.on)) as unknown as Q;
  const visible = visibleRecordsWhere(expressionBuilder<DB, 'records'>(), plan.user, false);
  if (visible) q = q.where(visible);
  for (const w of plan.where) q = q.where(w);
  return q;
}

/** One level of the report: grouped by the given groups (aliases g0..), every measure (m0..). */
export function levelQuery(tdb: TenantDb, plan: Plan, groups: PlanGroup[], where: RawBuilder<SqlBool>[] = []): Q {
  let q = baseQuery(tdb, plan);
  if (plan.indexedBy && !plan.join) q = q.withPlugin(new IndexedBy(plan.indexedBy));
  for (const w of where) q = q.where(w);
  if (groupsByStatus(plan, groups)) {
    // SQLite reads a field inside max() or min() from the table, not the index: the index's rows first then.
    // Each row's status is worked out once in the index's rows, then counted (rows-first.ts STATUS_CODE).
    if (!rowsCover(plan, groups, true)) return groupedByStatus(tdb, plan, groups, q);
    const x = fromIndexRows(tdb, plan, groups, q, true);
    return groupedByStatus(tdb, x.plan, x.groups, x.q, true);
  }
  if (readsRowsFirst(plan, groups, indexedFieldsOf(plan)[0]?.name)) return groupedFromRows(tdb, plan, groups, q);
  if (groupsByDay(plan, groups)) return groupedByDay(tdb, plan, groups, q);
  q = q.select([
    ...groups.map((g, i) => sql`${g.expr}`.as(`g${i}`)),
    ...plan.measures.map((m, i) => sql`${m.expr}`.as(`m${i}`)),
  ]) as Q;
  // By position: the same expression with bind parameters is not "the same" to PostgreSQL's GROUP BY check.
  if (groups.length) q = q.groupBy(sql.raw(groups.map((_, i) => String(i + 1)).join(', '))) as Q;
  return q;
}

/** Orders a level: the asked sort first (only aliases present), then each group ascending, nulls first. */
export function ordered(q: Q, plan: Plan, groupCount: number, sort = true): Q {
  const items = sort ? plan.sort.filter((s) => s.alias.startsWith('m') || Number(s.alias.slice(1)) < groupCount) : [];
  for (const s of items) q = q.orderBy(sql`${sql.ref(s.alias)} ${sql.raw(s.dir)} nulls first`);
  for (let i = 0; i < groupCount; i++) q = q.orderBy(sql`${sql.ref(`g${i}`)} asc nulls first`);
  return q;
}

/** Whether the app holds at least `n` records this plan reads (stops counting there). */
export async function holdsAtLeast(tdb: TenantDb, plan: Plan, n: number, read: Reader = direct): Promise<boolean> {
  const rows = await read(
    baseQuery(tdb, plan)
      .select(sql`1`.as('one'))
      .limit(1)
      .offset(n - 1),
  );
  return rows.length > 0;
}

/**
 * SQLite: the process date column a plan groups by month, quarter, year or week alone, whose day leads its covering
 * index (by-day.ts then groups the index's rows by day in index order, with no sort).
 */
export function dayIndexOf(plan: Plan): string | undefined {
  const [g, ...more] = plan.groups;
  if (plan.dialect !== 'sqlite' || plan.join || plan.pivot || more.length || !g?.bucket || g.bucket === 'day') return;
  if (g.col.field || !DAY_COLUMNS.has(g.col.key) || plan.measures.some((m) => m.agg === 'distinct')) return;
  return g.col.key;
}

/** The fields a grouped plan reads, for a covering index. */
export const indexedFieldsOf = (plan: Plan) =>
  [...plan.groups, ...(plan.pivot ? [plan.pivot] : []), ...plan.measures]
    .map((x) => x.col)
    .filter((c): c is ReportColumn => !!c?.field)
    .map((c) => ({ name: c.key, kind: c.kind }));
