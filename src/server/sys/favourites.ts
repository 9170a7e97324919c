import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, notFound } from '../http/errors.js';
import type { Favourite } from './schemas.js';
import { addFavourite, favouritesOf, liveModule, removeFavourite } from './queries.js';

/** The user's favourite apps, oldest first. */
export async function listFavourites(tdb: TenantDb, user: AuthUser): Promise<Favourite[]> {
  const rows = await favouritesOf(tdb, user.id);
  return rows.map((r) => ({
    id: r.id,
    title: r.display_name,
    display_name: r.display_name,
    app_icon: r.app_icon,
    category_icon: r.category_icon,
  }));
}

/** The app must exist in the caller's tenant (ids of other tenants' apps are "not found"). */
async function existingApp(tdb: TenantDb, moduleId: string | undefined): Promise<string> {
  if (!moduleId) throw badRequest('moduleId is required.');
  if (!(await liveModule(tdb, moduleId))) throw notFound('The app does not exist.');
  return moduleId;
}

export async function favourite(tdb: TenantDb, user: AuthUser, moduleId: string | undefined): Promise<void> {
  await addFavourite(tdb, user.id, await existingApp(tdb, moduleId));
}

export async function unfavourite(tdb: TenantDb, user: AuthUser, moduleId: string | undefined): Promise<void> {
  await removeFavourite(tdb, user.id, await existingApp(tdb, moduleId));
}
