import crypto from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { DialectName } from '../db/database.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { assertModuleAccess, isAdmin } from '../access/index.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { loadVersion } from '../records/store.js';
import { reportColumns, type ReportColumn } from './engine.js';
import { joinableFields, mayReportOn, planJoin } from './join.js';
import { planReport, type Plan, type PlanInput } from './plan.js';
import {
  deleteReportRows,
  existingIds,
  insertReport,
  ownerOf,
  readableReports,
  replaceShares,
  REPORT_SELECT,
  teamsOf,
  updateReport,
} from './queries.js';
import type { Report, ReportListBody, ReportParameter, ReportSpec, RunBody, SaveBody } from './schemas.js';
import type { Static } from '@sinclair/typebox';

type Stored = {
  [
    K in (typeof REPORT_SELECT)[number] as K extends `${string} as ${infer A}`
      ? A
      : K extends `reports.${infer B}`
        ? B
        : never
  ]: string | null;
};

function toReport(r: Stored, user: AuthUser): Report {
  return {
    id: r.id!,
    name: r.name!,
    folder: r.folder ?? '',
    notes: r.notes ?? '',
    spec: JSON.parse(r.spec!) as ReportSpec,
    parameters: JSON.parse(r.parameters!) as ReportParameter[],
    sharedWith: JSON.parse(r.shared_with!) as Report['sharedWith'],
    ownerId: r.owner_id!,
    ownerName: r.owner_fullname || r.owner_username || null,
    moduleName: r.module_name ?? null,
    editable: r.owner_id === user.id || isAdmin(user),
    createdOn: r.created_on!,
    modifiedOn: r.modified_on!,
  };
}

async function readable(tdb: TenantDb, user: AuthUser) {
  return readableReports(tdb, user, await teamsOf(tdb, user.id));
}

/** A saved report the user may open; anything else is "not found". */
export async function getReport(tdb: TenantDb, user: AuthUser, id: string): Promise<Report> {
  const r = await (
    await readable(tdb, user)
  )
    .select([...REPORT_SELECT])
    .where('reports.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound('Report not found');
  return toReport(r as Stored, user);
}

/** Resolves what to run (a saved report as the viewer, or an unsaved spec) into a plan over the viewer's rights. */
export async function planFor(
  tdb: TenantDb,
  dialect: DialectName,
  user: AuthUser,
  body: RunBody,
  stored?: PlanInput['stored'],
) {
  let spec = body.spec;
  let declared: ReportParameter[] = [];
  let title: string | undefined;
  if (body.reportId) {
    const saved = await getReport(tdb, user, body.reportId);
    spec = saved.spec;
    declared = saved.parameters ?? [];
    title = saved.name;
  }
  if (!spec) throw badRequest('A report (reportId) or a spec is required.');
  const plan: Plan = await planReport(tdb, dialect, user, {
    spec,
    declared,
    parameters: body.parameters ?? {},
    shared: body.shared,
    ...(stored ? { stored } : {}),
  });
  return { plan, title, chart: spec.chart ?? 'none' };
}

/** The columns a report over this app may use, for this viewer. */
export async function columnsFor(tdb: TenantDb, dialect: DialectName, user: AuthUser, moduleId: string) {
  await assertModuleAccess(tdb, user, moduleId, 'reports');
  const m = await tdb
    .selectFrom('modules')
    .select(['published_version', 'display_name'])
    .where('id', '=', moduleId)
    .executeTakeFirstOrThrow();
  if (!m.published_version) return { moduleName: m.display_name, columns: [] };
  const version = await loadVersion(tdb, moduleId, m.published_version);
  const cols = reportColumns(version, dialect);
  const view = (c: ReportColumn) => ({
    key: c.key,
    label: c.label,
    kind: c.view,
    ...(c.values ? { values: [...c.values] } : {}),
  });
  // The apps its lookup fields pick from, those the viewer may report on (business intelligence joins).
  const joins = [];
  for (const f of joinableFields(version, cols)) {
    if (!(await mayReportOn(tdb, user, f.moduleId))) continue;
    const target = await tdb
      .selectFrom('modules')
      .select('display_name')
      .where('id', '=', f.moduleId)
      .executeTakeFirst();
    const joined = await planJoin(tdb, dialect, user, version, cols, f.field).catch(() => undefined);
    if (target && joined)
      joins.push({ ...f, moduleName: target.display_name, columns: [...joined.columns.values()].map(view) });
  }
  return { moduleName: m.display_name, columns: [...cols.values()].map(view), joins };
}

const ROLE_NAMES = new Set(['sysAdmin', 'administrator', 'fullUser', 'consultant']);

async function checkShares(tdb: TenantDb, shares: SaveBody['sharedWith']) {
  const list = shares ?? [];
  for (const s of list) if (s.kind === 'role' && !ROLE_NAMES.has(s.id)) throw badRequest(`Unknown role '${s.id}'.`);
  for (const kind of ['user', 'team'] as const) {
    const ids = list.filter((s) => s.kind === kind).map((s) => s.id);
    const found = await existingIds(tdb, kind === 'user' ? 'users' : 'teams', ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw badRequest(`Unknown ${kind} '${missing}'.`);
  }
  return list;
}

/** Creates or updates a saved report; the spec is checked against the saver's own columns. */
export async function saveReport(tdb: TenantDb, dialect: DialectName, user: AuthUser, body: SaveBody) {
  const parameters = body.parameters ?? [];
  // Parameters take their defaults (or a stand-in) just to check the spec reads.
  const probe = Object.fromEntries(parameters.map((p) => [p.name, p.default ?? (p.type === 'number' ? 0 : 'x')]));
  await planReport(tdb, dialect, user, { spec: body.spec, declared: parameters, parameters: probe });
  const shares = await checkShares(tdb, body.sharedWith);
  const now = new Date().toISOString();
  const fields = {
    name: body.name.trim(),
    folder: (body.folder ?? '').trim(),
    notes: body.notes ?? '',
    module_id: body.spec.moduleId,
    spec: JSON.stringify(body.spec),
    parameters: JSON.stringify(parameters),
    shared_with: JSON.stringify(shares),
    modified_by: user.id,
    modified_on: now,
  };
  if (!fields.name) throw badRequest('name is required.');
  const id = body.id ?? crypto.randomUUID();
  await tdb.transaction(async (tx) => {
    if (body.id) {
      await assertEditable(tx, user, body.id);
      await updateReport(tx, body.id, fields);
    } else await insertReport(tx, { id, owner_id: user.id, created_by: user.id, created_on: now, ...fields });
    await replaceShares(tx, id, shares);
  });
  return getReport(tdb, user, id);
}

/** Only the owner or an administrator changes or deletes a report; one the user cannot open is not found. */
async function assertEditable(tdb: TenantDb, user: AuthUser, id: string) {
  await getReport(tdb, user, id);
  const r = await ownerOf(tdb, id);
  if (!r) throw notFound('Report not found');
  if (r.owner_id !== user.id && !isAdmin(user))
    throw forbidden('Only the owner of a report or an administrator may change it.');
}

export async function deleteReport(tdb: TenantDb, user: AuthUser, id: string) {
  await tdb.transaction(async (tx) => {
    await assertEditable(tx, user, id);
    await deleteReportRows(tx, id);
  });
}

/** The reports the user may open: search on the name, one folder, by name. */
export async function listReports(tdb: TenantDb, user: AuthUser, body: Static<typeof ReportListBody>) {
  const page = body.page ?? 1;
  const length = Math.min(body.length ?? 20, 200);
  const text = (typeof body.search === 'string' ? body.search : (body.search?.value ?? '')).trim().toLowerCase();
  const base = await readable(tdb, user);
  let q = base;
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (text) q = q.where(sql<SqlBool>`lower(reports.name) like ${like} escape '\\'`);
  if (body.folder !== undefined) q = q.where('reports.folder', '=', body.folder);
  const [rows, all, filtered] = await Promise.all([
    q
      .select([...REPORT_SELECT])
      .orderBy('reports.name')
      .orderBy('reports.id')
      .limit(length)
      .offset((page - 1) * length)
      .execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((r) => toReport(r as Stored, user)),
    recordsTotal: Number(all.n),
    recordsFiltered: Number(filtered.n),
    page,
    length,
  };
}

export async function reportFolders(tdb: TenantDb, user: AuthUser): Promise<string[]> {
  const rows = await (
    await readable(tdb, user)
  )
    .select('reports.folder')
    .distinct()
    .where('reports.folder', '<>', '')
    .orderBy('reports.folder')
    .execute();
  return rows.map((r) => r.folder);
}
