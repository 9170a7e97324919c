import type { AuthUser } from '../../identity/user-info.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { isDesigner, mayActOnModule, parsePermission, teamsOf } from '../../access/index.js';
import { parseDatatable } from '../datatable.js';
import * as q from './queries.js';
import type { AppListRow, AppPage, MostUsedRow } from './schemas.js';
import { listView } from './views.js';

const SORTABLE = [
  'display_name',
  'status',
  'created_on',
  'modified_on',
  'published_version',
  'application_module_category_id',
] as const;

/** Apps a user sees: designers see every app (drafts too); others the published apps they may view or create in. */
async function visibleTo(tdb: TenantDb, user: AuthUser, rows: q.ListRow[]): Promise<q.ListRow[]> {
  if (isDesigner(user)) return rows;
  const teams = await teamsOf(tdb, user.id);
  return rows.filter((r) => {
    if (r.status !== 'Published') return false;
    const permission = parsePermission(r.permission);
    return mayActOnModule(user, permission, 'view', teams) || mayActOnModule(user, permission, 'create', teams);
  });
}

export async function listApplications(tdb: TenantDb, user: AuthUser): Promise<AppListRow[]> {
  return (await visibleTo(tdb, user, await q.listRows(tdb, {}))).map(listView);
}

/** Published apps whose name contains the term (first 200 by name). */
export async function listForms(tdb: TenantDb, user: AuthUser, searchTerm = ''): Promise<AppListRow[]> {
  const rows = await q.listRows(tdb, { publishedOnly: true, search: searchTerm.trim().slice(0, 200), limit: 200 });
  return (await visibleTo(tdb, user, rows)).map(listView);
}

/** The ten visible apps with the most records. */
export async function listMostUsed(tdb: TenantDb, user: AuthUser): Promise<MostUsedRow[]> {
  const counts = await q.mostRecords(tdb);
  if (!counts.length) return [];
  const n = new Map(counts.map((c) => [c.module_id, Number(c.n)]));
  const rows = await visibleTo(tdb, user, await q.listRows(tdb, { ids: [...n.keys()] }));
  return rows
    .map((r) => ({ ...listView(r), record_count: n.get(r.id) ?? 0 }))
    .sort((a, b) => b.record_count - a.record_count)
    .slice(0, 10);
}

/** A datatable page of apps; `publishedOnly` for the modules list. Non-designers never see drafts. */
export async function appPage(tdb: TenantDb, user: AuthUser, body: unknown, publishedOnly: boolean): Promise<AppPage> {
  const dq = parseDatatable(body, SORTABLE);
  const designer = isDesigner(user);
  const table = q.appTable(tdb, dq, publishedOnly || !designer);
  const pageOf = { page: dq.page, length: dq.length };
  // Designers page in SQL; per-app permission rules are JSON, so for others the rows are filtered after the read.
  if (designer) {
    const [total, rows] = await Promise.all([table.count(), table.rows({ limit: dq.length, offset: dq.offset })]);
    return { data: rows.map(listView), recordsTotal: total, recordsFiltered: total, ...pageOf };
  }
  const all = await visibleTo(tdb, user, await table.rows());
  return {
    data: all.slice(dq.offset, dq.offset + dq.length).map(listView),
    recordsTotal: all.length,
    recordsFiltered: all.length,
    ...pageOf,
  };
}
