import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { DashboardsTable } from '../db/schema.js';
import type { AuthUser, Role } from '../identity/user-info.js';
import { hasRole } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { isAdmin } from '../access/index.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import type { Dashboard, DashboardInput, DashboardUpdate, Widget } from './schemas.js';

type Row = Selectable<DashboardsTable> & { owner_name: string | null };
type Share = { kind: 'role' | 'team' | 'user'; id: string };
const ROLES: Role[] = ['sysAdmin', 'administrator', 'fullUser', 'consultant'];

const parse = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

const rows = (tdb: TenantDb) =>
  tdb
    .selectFrom('dashboards')
    .leftJoin('users', (j) =>
      j.onRef('users.id', '=', 'dashboards.owner_id').onRef('users.tenant_id', '=', 'dashboards.tenant_id'),
    )
    .selectAll('dashboards')
    .select('users.fullname as owner_name');

const teamsOf = async (tdb: TenantDb, userId: string) =>
  new Set(
    (await tdb.selectFrom('team_members').select('team_id').where('user_id', '=', userId).execute()).map(
      (t) => t.team_id,
    ),
  );

/** Shared with the viewer: by one of their roles, a team they belong to, or by name. */
function sharedWith(user: AuthUser, teams: Set<string>, shares: Share[]): boolean {
  return shares.some((s) =>
    s.kind === 'user'
      ? s.id === user.id
      : s.kind === 'team'
        ? teams.has(s.id)
        : ROLES.includes(s.id as Role) && hasRole(user, s.id as Role),
  );
}

function view(user: AuthUser, r: Row): Dashboard {
  return {
    id: r.id,
    name: r.name,
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    sharedWith: parse<Share[]>(r.shared_with, []),
    layout: parse<Widget[]>(r.layout, []),
    editable: r.owner_id === user.id || isAdmin(user),
    version: Number(r.version),
    createdOn: r.created_on,
    modifiedOn: r.modified_on,
  };
}

/** The viewer's own dashboards and those shared with them, most recently changed first. */
export async function listDashboards(tdb: TenantDb, user: AuthUser): Promise<Dashboard[]> {
  const [all, teams] = await Promise.all([
    rows(tdb)
      .where((eb) => eb.or([eb('dashboards.owner_id', '=', user.id), eb('dashboards.shared_with', '!=', '[]')]))
      .orderBy('dashboards.modified_on', 'desc')
      .orderBy('dashboards.id')
      .execute(),
    teamsOf(tdb, user.id),
  ]);
  return all
    .filter((r) => r.owner_id === user.id || sharedWith(user, teams, parse<Share[]>(r.shared_with, [])))
    .map((r) => view(user, r));
}

/** One dashboard the viewer owns or that is shared with them; anything else is "not found". */
export async function loadDashboard(tdb: TenantDb, user: AuthUser, id: string): Promise<Dashboard> {
  const r = await rows(tdb).where('dashboards.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('Dashboard not found');
  if (r.owner_id !== user.id && !sharedWith(user, await teamsOf(tdb, user.id), parse<Share[]>(r.shared_with, [])))
    throw notFound('Dashboard not found');
  return view(user, r);
}

/** Teams and users named in a share must be the tenant's own. */
async function checkShares(tdb: TenantDb, shares: Share[]): Promise<void> {
  for (const s of shares) {
    if (s.kind === 'role' && !ROLES.includes(s.id as Role)) throw badRequest(`Unknown role '${s.id}'.`);
    if (s.kind === 'team' && !(await tdb.selectFrom('teams').select('id').where('id', '=', s.id).executeTakeFirst()))
      throw badRequest('A team this dashboard is shared with does not exist.');
    if (s.kind === 'user' && !(await tdb.selectFrom('users').select('id').where('id', '=', s.id).executeTakeFirst()))
      throw badRequest('A user this dashboard is shared with does not exist.');
  }
}

function checkLayout(layout: Widget[]): void {
  const ids = new Set<string>();
  for (const w of layout) {
    if (ids.has(w.i)) throw badRequest(`Two widgets share the id '${w.i}'.`);
    ids.add(w.i);
    if (w.x + w.w > 12) throw badRequest(`Widget '${w.i}' runs past the grid's 12 columns.`);
    if (JSON.stringify(w.settings).length > 10_000) throw badRequest(`The settings of widget '${w.i}' are too large.`);
  }
}

export async function createDashboard(tdb: TenantDb, user: AuthUser, input: DashboardInput): Promise<Dashboard> {
  const shares = input.sharedWith ?? [];
  const layout = input.layout ?? [];
  await checkShares(tdb, shares);
  checkLayout(layout);
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await tdb
    .insertInto('dashboards', {
      id,
      owner_id: user.id,
      name: input.name.trim(),
      shared_with: JSON.stringify(shares),
      layout: JSON.stringify(layout),
      version: 1,
      created_on: now,
      modified_on: now,
    })
    .execute();
  return loadDashboard(tdb, user, id);
}

async function editable(tdb: TenantDb, user: AuthUser, id: string): Promise<Dashboard> {
  const d = await loadDashboard(tdb, user, id);
  if (!d.editable) throw forbidden('Only the owner of this dashboard or an administrator may change it.');
  return d;
}

export async function updateDashboard(
  tdb: TenantDb,
  user: AuthUser,
  id: string,
  input: DashboardUpdate,
): Promise<Dashboard> {
  await editable(tdb, user, id);
  if (input.sharedWith) await checkShares(tdb, input.sharedWith);
  if (input.layout) checkLayout(input.layout);
  const name = input.name?.trim();
  if (input.name !== undefined && !name) throw badRequest('name is required.');
  const done = await tdb
    .updateTable('dashboards')
    .set({
      ...(name ? { name } : {}),
      ...(input.sharedWith ? { shared_with: JSON.stringify(input.sharedWith) } : {}),
      ...(input.layout ? { layout: JSON.stringify(input.layout) } : {}),
      version: input.version + 1,
      modified_on: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (!Number(done.numUpdatedRows))
    throw conflict('This dashboard was changed by someone else just now. Reload to see the current version.');
  return loadDashboard(tdb, user, id);
}

export async function deleteDashboard(tdb: TenantDb, user: AuthUser, id: string): Promise<null> {
  await editable(tdb, user, id);
  await tdb.deleteFrom('dashboards').where('id', '=', id).execute();
  return null;
}
