import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, notFound } from '../http/errors.js';
import type { DatatablePayload } from '../../../schemas/api/common.js';
import type { QuickLaunch, QuickLaunchApps, QuickLaunchPage, SortBody } from './schemas.js';
import { liveModuleIds, moduleTiles, preferencesOf, publishedModulePage, savePreferences } from './queries.js';

/** The quick-launch panel of the topbar: apps each user chooses and orders, kept in their preferences. */

const PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

const idList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

async function chosen(tdb: TenantDb, user: AuthUser) {
  const prefs = await preferencesOf(tdb, user.id);
  return { prefs, apps: idList(prefs.quicklaunch) };
}

/** The chosen apps in order, with names and icons so the panel can draw its tiles; deleted apps drop out. */
export async function quickLaunchOf(tdb: TenantDb, user: AuthUser): Promise<QuickLaunch> {
  const { apps } = await chosen(tdb, user);
  const rows = await moduleTiles(tdb, apps);
  return { apps, items: apps.flatMap((id) => rows.filter((r) => r.id === id)) };
}

/** Replaces the choice (order as given, duplicates dropped); every app must exist. */
export async function saveQuickLaunch(tdb: TenantDb, user: AuthUser, wanted: string[]): Promise<QuickLaunchApps> {
  const apps = [...new Set(wanted)];
  const known = await liveModuleIds(tdb, apps);
  const missing = apps.find((id) => !known.has(id));
  if (missing) throw notFound(`The app '${missing}' does not exist.`);
  const { prefs } = await chosen(tdb, user);
  await savePreferences(tdb, user.id, { ...prefs, quicklaunch: apps });
  return { apps };
}

/** A page of the published apps a user may put on quick launch, with whether each is chosen and its position. */
export async function quickLaunchCandidates(
  tdb: TenantDb,
  user: AuthUser,
  p: DatatablePayload,
): Promise<QuickLaunchPage> {
  const page = p.page ?? 1;
  const length = Math.min(MAX_PAGE_SIZE, p.length ?? PAGE_SIZE);
  const term = (typeof p.search === 'object' ? p.search.value : p.search) ?? '';
  const [{ apps }, found] = await Promise.all([
    chosen(tdb, user),
    publishedModulePage(tdb, term.trim(), length, (page - 1) * length),
  ]);
  return {
    data: found.rows.map((r) => ({ ...r, selected: apps.includes(r.id), index: apps.indexOf(r.id) })),
    recordsTotal: found.total,
    recordsFiltered: found.filtered,
  };
}

/** Moves chosen apps to new positions; apps not listed keep theirs. */
export async function sortQuickLaunch(
  tdb: TenantDb,
  user: AuthUser,
  moves: SortBody['data'],
): Promise<QuickLaunchApps> {
  const { prefs, apps } = await chosen(tdb, user);
  const wanted = new Map<string, number>();
  for (const m of moves) {
    if (!apps.includes(m.id)) throw badRequest(`The app '${m.id}' is not on your quick launch.`);
    wanted.set(m.id, m.index);
  }
  const position = (id: string) => wanted.get(id) ?? apps.indexOf(id);
  const sorted = [...apps].sort((a, b) => position(a) - position(b));
  await savePreferences(tdb, user.id, { ...prefs, quicklaunch: sorted });
  return { apps: sorted };
}
