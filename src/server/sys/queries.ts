import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { safeJson } from '../identity/user-info.js';

/** `lower(column) like %term%` needs the term without LIKE's own wildcards. */
export const likeTerm = (term: string) =>
  `%${term
    .trim()
    .toLowerCase()
    .replace(/[%_\\]/g, '')}%`;

// ---- apps and app groups ----------------------------------------------------------------------------------------

const liveModules = (tdb: TenantDb) => tdb.selectFrom('modules').where('deleted_on', 'is', null);

export const liveModule = (tdb: TenantDb, id: string) =>
  liveModules(tdb).select('id').where('id', '=', id).executeTakeFirst();

/** The ids among `ids` of apps that exist (not deleted). */
export async function liveModuleIds(tdb: TenantDb, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await liveModules(tdb).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export const moduleTiles = (tdb: TenantDb, ids: string[]) =>
  ids.length
    ? liveModules(tdb).select(['id', 'display_name', 'app_icon']).where('id', 'in', ids).execute()
    : Promise.resolve([]);

export const categories = (tdb: TenantDb) =>
  tdb
    .selectFrom('module_categories')
    .select(['id', 'category_name', 'icon'])
    .orderBy('order_index')
    .orderBy('category_name')
    .execute();

export const publishedModules = (tdb: TenantDb) =>
  liveModules(tdb)
    .select(['id', 'display_name', 'module_description', 'app_icon', 'application_module_category_id'])
    .where('published_version', 'is not', null)
    .orderBy('display_name')
    .execute();

/** Sets the order of the app groups; false (and nothing written) when an id is not a group of this tenant. */
export async function orderCategories(tdb: TenantDb, ids: string[]): Promise<boolean> {
  return tdb.transaction(async (tx) => {
    const known = new Set((await tx.selectFrom('module_categories').select('id').execute()).map((c) => c.id));
    if (!ids.every((id) => known.has(id))) return false;
    for (const [i, id] of ids.entries())
      await tx.updateTable('module_categories').set({ order_index: i }).where('id', '=', id).execute();
    return true;
  });
}

/** A page of published apps by name, optionally filtered, with the counts before and after the filter. */
export async function publishedModulePage(tdb: TenantDb, term: string, limit: number, offset: number) {
  const published = liveModules(tdb).where('published_version', 'is not', null);
  const filtered = term
    ? published.where((eb) => eb(eb.fn('lower', ['display_name']), 'like', likeTerm(term)))
    : published;
  const count = (q: typeof published) => q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const [total, matching, rows] = await Promise.all([
    count(published),
    count(filtered),
    filtered
      .select(['id', 'display_name', 'app_icon'])
      .orderBy('display_name')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { total: Number(total.n), filtered: Number(matching.n), rows };
}

// ---- favourites -------------------------------------------------------------------------------------------------

export const favouritesOf = (tdb: TenantDb, userId: string) =>
  tdb
    .selectFrom('favourites')
    .innerJoin('modules', (j) =>
      j.onRef('modules.id', '=', 'favourites.module_id').onRef('modules.tenant_id', '=', 'favourites.tenant_id'),
    )
    .leftJoin('module_categories', (j) =>
      j
        .onRef('module_categories.id', '=', 'modules.application_module_category_id')
        .onRef('module_categories.tenant_id', '=', 'modules.tenant_id'),
    )
    .select(['modules.id', 'modules.display_name', 'modules.app_icon', 'module_categories.icon as category_icon'])
    .where('favourites.user_id', '=', userId)
    .where('modules.deleted_on', 'is', null)
    .orderBy('favourites.created_on')
    .execute();

export const addFavourite = (tdb: TenantDb, userId: string, moduleId: string) =>
  tdb
    .insertInto('favourites', { user_id: userId, module_id: moduleId, created_on: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'module_id']).doNothing())
    .execute();

export const removeFavourite = (tdb: TenantDb, userId: string, moduleId: string) =>
  tdb.deleteFrom('favourites').where('user_id', '=', userId).where('module_id', '=', moduleId).execute();

// ---- the user's row: preferences, profile, picture --------------------------------------------------------------

export const userRow = (tdb: TenantDb, userId: string) =>
  tdb.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();

/** The user's preferences document (quick launch, zone, formats, launch page, language). */
export async function preferencesOf(tdb: TenantDb, userId: string): Promise<Record<string, unknown>> {
  const row = await tdb.selectFrom('users').select('preferences').where('id', '=', userId).executeTakeFirstOrThrow();
  return safeJson(row.preferences);
}

export const savePreferences = (tdb: TenantDb, userId: string, prefs: Record<string, unknown>) =>
  tdb
    .updateTable('users')
    .set({ preferences: JSON.stringify(prefs), modified_on: new Date().toISOString() })
    .where('id', '=', userId)
    .execute();

export const saveProfile = (
  tdb: TenantDb,
  userId: string,
  p: { fullname: string; email: string; preferences: Record<string, unknown> },
) =>
  tdb
    .updateTable('users')
    .set({
      fullname: p.fullname,
      email: p.email,
      preferences: JSON.stringify(p.preferences),
      modified_on: new Date().toISOString(),
    })
    .where('id', '=', userId)
    .execute();

export const saveAvatar = (tdb: TenantDb, userId: string, avatar: string | null) =>
  tdb.updateTable('users').set({ avatar }).where('id', '=', userId).execute();

export const avatarOf = async (tdb: TenantDb, userId: string) =>
  (await tdb.selectFrom('users').select('avatar').where('id', '=', userId).executeTakeFirst())?.avatar ?? null;

// ---- the organisation (system table: tenants are not tenant-owned) ----------------------------------------------

export const saveTenantDates = (
  system: Kysely<DB>,
  tenantId: string,
  s: { time_zone: string | null; date_format: string | null; datetime_format: string; time_format: string },
) => system.updateTable('tenants').set(s).where('id', '=', tenantId).execute();
