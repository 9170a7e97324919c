import { expressionBuilder, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.js';
import type { DialectName } from '../db/database.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { LoadedVersion } from '../records/store.js';
import { assertModuleAccess, mayActOnModuleNow, parsePermission, visibleRecordsWhere } from '../access/index.js';
import { SAFE_NAME } from '../entries/columns.js';
import { badRequest } from '../http/errors.js';
import { loadVersion } from '../records/store.js';
import { reportColumns, type ReportColumn } from './engine.js';

/** A lookup field of the base app and the app it picks records from. */
export interface JoinableField {
  field: string;
  label: string;
  moduleId: string;
}

/**
 * The base app's fields that store a reference to a record of another app (their plugin declares a record source,
 * and the stored value is `{ id, label }`). A field no step hides only: the join reads its value.
 */
export function joinableFields(v: LoadedVersion, columns: Map<string, ReportColumn>): JoinableField[] {
  const out: JoinableField[] = [];
  for (const c of columns.values()) {
    if (!c.field || c.kind !== 'label') continue;
    const f = v.compiled.fields[c.key]!;
    const src = f.manifest.recordSource?.(f.config as never);
    if (src?.moduleId) out.push({ field: c.key, label: c.label, moduleId: src.moduleId });
  }
  return out;
}

/** Whether the viewer may report on an app (the access module's rule), without throwing. */
export async function mayReportOn(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<boolean> {
  const m = await tdb
    .selectFrom('modules')
    .select('permission')
    .where('id', '=', moduleId)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();
  return !!m && (await mayActOnModuleNow(tdb, user, parsePermission(m.permission), 'reports'));
}

/** The id a lookup field stores, from the base record's own `data` (unqualified: the joined side has no `data`). */
const refIdSql = (dialect: DialectName, field: string) => {
  if (!SAFE_NAME.test(field)) throw badRequest(`Cannot join by '${field}'.`);
  return sql.raw(
    dialect === 'sqlite' ? `json_extract(records.data, '$.${field}.id')` : `(records.data::jsonb->'${field}'->>'id')`,
  );
};

export interface PlanJoin {
  field: string;
  moduleId: string;
  /** The joined app's records the viewer may open, as `j` (jid, jdata), left-joined by the lookup's stored id. */
  table: (tdb: TenantDb) => ReturnType<typeof joinedTable>;
  on: RawBuilder<SqlBool>;
}

function joinedTable(tdb: TenantDb, user: AuthUser, moduleId: string) {
  let q = tdb
    .selectFrom('records')
    .select(['records.id as jid', 'records.data as jdata'])
    .where('records.module_id', '=', moduleId)
    .where('records.is_draft', '=', 0);
  const visible = visibleRecordsWhere(expressionBuilder<DB, 'records'>(), user, false);
  if (visible) q = q.where(visible);
  return q;
}

/** `json_extract(data, …)` / `data::jsonb` of a field column, read from the joined document instead. */
export function onJoined(dialect: DialectName, sqlText: string): string {
  return dialect === 'sqlite'
    ? sqlText.replaceAll('json_extract(data,', 'json_extract(j.jdata,')
    : sqlText.replaceAll('data::jsonb', 'j.jdata::jsonb');
}

/**
 * Joins another app to a report through a lookup field of the base app. The viewer needs the reports right on the
 * joined app too (the access module; otherwise no figures at all), only the joined records they may open are
 * joined (others read as empty), and only its fields no step hides are offered, as `<field>.<name>`.
 */
export async function planJoin(
  tdb: TenantDb,
  dialect: DialectName,
  user: AuthUser,
  base: LoadedVersion,
  baseColumns: Map<string, ReportColumn>,
  field: string,
): Promise<{ join: PlanJoin; columns: Map<string, ReportColumn> }> {
  const target = joinableFields(base, baseColumns).find((f) => f.field === field);
  if (!target) throw badRequest(`'${field}' is not a lookup field of this app.`);
  await assertModuleAccess(tdb, user, target.moduleId, 'reports');
  const m = await tdb
    .selectFrom('modules')
    .select('published_version')
    .where('id', '=', target.moduleId)
    .executeTakeFirst();
  if (!m?.published_version) throw badRequest('The joined app is not published yet.');
  const joined = reportColumns(await loadVersion(tdb, target.moduleId, m.published_version), dialect);
  const columns = new Map<string, ReportColumn>();
  for (const c of joined.values()) {
    if (!c.field) continue;
    const expr = sql.raw(onJoined(dialect, rawText(c.expr)));
    columns.set(`${field}.${c.key}`, {
      ...c,
      key: `${field}.${c.key}`,
      label: `${target.label} › ${c.label}`,
      expr,
      sortExpr: expr,
      // Not a field of the base app: no base index or stored copy applies to it.
      field: false,
    });
  }
  const join: PlanJoin = {
    field,
    moduleId: target.moduleId,
    table: (t) => joinedTable(t, user, target.moduleId),
    on: sql<SqlBool>`j.jid = ${refIdSql(dialect, field)}`,
  };
  return { join, columns };
}

/** The SQL text of a field column's raw expression (built by sql.raw from fieldSql). */
function rawText(e: RawBuilder<unknown>): string {
  const node = e.toOperationNode() as { kind: string; sqlFragments?: readonly string[] };
  if (node.kind !== 'RawNode' || node.sqlFragments?.length !== 1) throw new Error('a field column is raw SQL');
  return node.sqlFragments[0]!;
}
