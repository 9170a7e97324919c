import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { SYSTEM_FIELDS } from '../../../runtime/system-fields.js';
import { appNameProblem, descriptionProblem } from './rules.js';
import { DESIGNERS, EDITOR as E, queryParam, str, type ModuleRow } from './module-row.js';
import { likePattern, parseDatatable } from './datatable.js';
import { mayActOnModule, parsePermission, permissionProblem } from '../access/index.js';
import { mlServiceProblem, nameClash } from './checks.js';

/** Names a designer may not give a field: the system fields and words the record store uses itself. */
export const RESERVED_FIELD_NAMES = [
  ...SYSTEM_FIELDS.map((f) => f.name),
  'id',
  'module_id',
  'module_version',
  'version',
  'is_draft',
  'sequence_number',
  'tenant_id',
  'data',
  'status',
];

const LIST_COLUMNS = [
  'id',
  'display_name',
  'module_description',
  'app_icon',
  'status',
  'published_version',
  'application_module_category_id',
  'add_to_quick_launch',
  'created_on',
  'modified_on',
  'permission',
] as const;
const SORTABLE = [
  'display_name',
  'status',
  'created_on',
  'modified_on',
  'published_version',
  'application_module_category_id',
] as const;

const isDesigner = (u: AuthUser) => u.isSysAdmin || u.isAdministrator || u.isFullUser || u.isConsultant;

type ListRow = Pick<ModuleRow, (typeof LIST_COLUMNS)[number]>;
const listView = ({ permission: _p, ...r }: ListRow) => ({
  ...r,
  module_version: r.published_version,
  add_to_quick_launch: !!r.add_to_quick_launch,
});

/** Apps a user sees: designers see every app (drafts too); others the published apps they may view or create in. */
function visibleTo(user: AuthUser, rows: ListRow[]): ListRow[] {
  if (isDesigner(user)) return rows;
  return rows.filter(
    (r) =>
      r.status === 'Published' &&
      (mayActOnModule(user, parsePermission(r.permission), 'view') ||
        mayActOnModule(user, parsePermission(r.permission), 'create')),
  );
}

async function datatable(tdb: TenantDb, user: AuthUser, body: unknown, publishedOnly: boolean) {
  const q = parseDatatable(body, SORTABLE);
  let base = tdb.selectFrom('modules').where('deleted_on', 'is', null);
  if (publishedOnly || !isDesigner(user)) base = base.where('status', '=', 'Published');
  if (q.search)
    base = base.where(sql<boolean>`lower(display_name) like ${likePattern(q.search)} escape ${sql.raw("'\\'")}`);
  for (const f of q.filters) {
    if (f.operator === 'contains')
      base = base.where(
        sql<boolean>`lower(${sql.ref(f.field)}) like ${likePattern(f.value)} escape ${sql.raw("'\\'")}`,
      );
    else base = base.where(sql.ref(f.field), f.operator === 'eq' ? '=' : '!=', f.value);
  }
  let rows = base.select([...LIST_COLUMNS]);
  for (const o of q.order) rows = rows.orderBy(sql.ref(o.column), o.dir);
  rows = rows.orderBy('display_name').orderBy('id');
  // Per-form rules are JSON, so non-designers are filtered after the read; designers page in SQL.
  if (isDesigner(user)) {
    const [total, page] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      rows.limit(q.length).offset(q.offset).execute(),
    ]);
    return {
      data: page.map(listView),
      recordsTotal: Number(total.n),
      recordsFiltered: Number(total.n),
      page: q.page,
      length: q.length,
    };
  }
  const all = visibleTo(user, await rows.execute());
  return {
    data: all.slice(q.offset, q.offset + q.length).map(listView),
    recordsTotal: all.length,
    recordsFiltered: all.length,
    page: q.page,
    length: q.length,
  };
}

interface UpdateBody {
  id?: unknown;
  name?: unknown;
  description?: unknown;
  categoryId?: unknown;
  appIcon?: unknown;
  addToQuickLaunch?: unknown;
  helpFileUrl?: unknown;
  ocrProviderId?: unknown;
  ocrProviderName?: unknown;
  machineLearningServiceId?: unknown;
  permission?: unknown;
}

export async function lifecycleRoutes(app: FastifyInstance, _ctx: AppContext) {
  const design = { config: { roles: DESIGNERS } };

  app.get(`${E}/ReservedFieldNames`, async () => ({ success: true, message: '', data: RESERVED_FIELD_NAMES }));

  app.get(`${E}/ListApplications`, async (req) => {
    const rows = await req.tdb
      .selectFrom('modules')
      .select([...LIST_COLUMNS])
      .where('deleted_on', 'is', null)
      .orderBy('display_name')
      .execute();
    return { success: true, message: '', data: visibleTo(req.user, rows).map(listView) };
  });

  app.get(`${E}/ListForms`, async (req) => {
    const term = queryParam(req.query, 'searchTerm').trim().slice(0, 200);
    let q = req.tdb
      .selectFrom('modules')
      .select([...LIST_COLUMNS])
      .where('deleted_on', 'is', null)
      .where('status', '=', 'Published');
    if (term) q = q.where(sql<boolean>`lower(display_name) like ${likePattern(term)} escape ${sql.raw("'\\'")}`);
    const rows = visibleTo(req.user, await q.orderBy('display_name').limit(200).execute());
    return { success: true, message: '', data: rows.map(listView) };
  });

  app.get(`${E}/ListMostUsed`, async (req) => {
    const counts = await req.tdb
      .selectFrom('records')
      .select(['module_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('module_id')
      .orderBy('n', 'desc')
      .limit(50)
      .execute();
    const ids = counts.map((c) => c.module_id);
    if (!ids.length) return { success: true, message: '', data: [] };
    const rows = visibleTo(
      req.user,
      await req.tdb
        .selectFrom('modules')
        .select([...LIST_COLUMNS])
        .where('id', 'in', ids)
        .where('deleted_on', 'is', null)
        .execute(),
    );
    const n = new Map(counts.map((c) => [c.module_id, Number(c.n)]));
    const data = rows
      .map((r) => ({ ...listView(r), record_count: n.get(r.id) ?? 0 }))
      .sort((a, b) => b.record_count - a.record_count)
      .slice(0, 10);
    return { success: true, message: '', data };
  });

  app.post(`${E}/applications/datatables`, async (req) => ({
    success: true,
    message: '',
    data: await datatable(req.tdb, req.user, req.body, false),
  }));
  app.post(`${E}/modules/datatables`, async (req) => ({
    success: true,
    message: '',
    data: await datatable(req.tdb, req.user, req.body, true),
  }));

  app.post(`${E}/CopyFrom`, design, async (req) => {
    const b = (req.body ?? {}) as UpdateBody;
    const sourceId = typeof b.id === 'string' ? b.id : queryParam(req.query, 'id');
    const problem = appNameProblem(b.name) ?? descriptionProblem(b.description);
    if (problem) throw badRequest(problem);
    const name = String(b.name).trim();
    const src = await req.tdb
      .selectFrom('modules')
      .selectAll()
      .where('id', '=', sourceId)
      .where('deleted_on', 'is', null)
      .executeTakeFirst();
    if (!src) throw notFound('App not found');
    if (await nameClash(req.tdb, name)) throw badRequest(`An app named '${name}' already exists.`);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    const draft = { ...(JSON.parse(src.module_draft) as object), display_name: name };
    await req.tdb
      .insertInto('modules', {
        ...src,
        tenant_id: undefined,
        id,
        display_name: name,
        module_description: b.description === undefined ? src.module_description : str(b.description),
        module_draft: JSON.stringify(draft),
        published_version: null,
        status: 'Draft',
        sequence_next: 1,
        created_by: req.user.id,
        created_on: now,
        modified_by: req.user.id,
        modified_on: now,
        deleted_on: null,
      } as never)
      .execute();
    return { success: true, message: 'The app has been copied.', data: { id } };
  });

  app.post(`${E}/UpdateModule`, design, async (req) => {
    const b = (req.body ?? {}) as UpdateBody;
    const id = typeof b.id === 'string' ? b.id : queryParam(req.query, 'id');
    const m = await req.tdb
      .selectFrom('modules')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_on', 'is', null)
      .executeTakeFirst();
    if (!m) throw notFound('App not found');
    const set: Partial<ModuleRow> = {};
    if (b.name !== undefined) {
      const p = appNameProblem(b.name);
      if (p) throw badRequest(p);
      const name = String(b.name).trim();
      if (await nameClash(req.tdb, name, id)) throw badRequest(`An app named '${name}' already exists.`);
      set.display_name = name;
    }
    if (b.description !== undefined) {
      const p = descriptionProblem(b.description);
      if (p) throw badRequest(p);
      set.module_description = str(b.description);
    }
    if (b.categoryId !== undefined) {
      const cat = str(b.categoryId);
      if (cat && !(await req.tdb.selectFrom('module_categories').select('id').where('id', '=', cat).executeTakeFirst()))
        throw badRequest('Unknown app group.');
      set.application_module_category_id = cat;
    }
    if (b.appIcon !== undefined) set.app_icon = str(b.appIcon) ?? 'home';
    if (b.addToQuickLaunch !== undefined) set.add_to_quick_launch = b.addToQuickLaunch === true ? 1 : 0;
    if (b.helpFileUrl !== undefined) {
      const u = str(b.helpFileUrl);
      if (u && !/^https?:\/\//i.test(u)) throw badRequest('The help file address must start with http:// or https://.');
      set.help_file_url = u;
    }
    if (b.ocrProviderId !== undefined || b.machineLearningServiceId !== undefined) {
      const p = mlServiceProblem(
        req.tenant.settings,
        b.ocrProviderId ?? m.ocr_provider_id,
        b.machineLearningServiceId ?? m.ml_service_id,
      );
      if (p) throw badRequest(p);
      if (b.ocrProviderId !== undefined) set.ocr_provider_id = str(b.ocrProviderId);
      if (b.ocrProviderName !== undefined) set.ocr_provider_name = str(b.ocrProviderName);
      if (b.machineLearningServiceId !== undefined) set.ml_service_id = str(b.machineLearningServiceId);
    }
    if (b.permission !== undefined) {
      const p = permissionProblem(b.permission);
      if (p) throw badRequest(p);
      set.permission = JSON.stringify(b.permission);
    }
    await req.tdb
      .updateTable('modules')
      .set({ ...set, modified_by: req.user.id, modified_on: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    return { success: true, message: 'The app has been updated.', data: { id } };
  });

  app.post(`${E}/DeleteForm`, design, async (req) => {
    const id =
      queryParam(req.query, 'moduleId') || String((req.body as { moduleId?: unknown } | undefined)?.moduleId ?? '');
    const r = await req.tdb
      .updateTable('modules')
      .set({ deleted_on: new Date().toISOString(), modified_by: req.user.id })
      .where('id', '=', id)
      .where('deleted_on', 'is', null)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound('App not found');
    return { success: true, message: 'The app has been deleted.', data: { id } };
  });
}
