import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { parsePermission, permissionProblem, type ModulePermission } from '../access/index.js';
import { badRequest, notFound } from '../http/errors.js';
import { updateApp } from '../apps/lifecycle/service.js';
import * as q from './queries.js';
import { personOf } from './explain.js';
import type { AppPermissionRow, People, RecordPick } from './schemas.js';

/** Every app with its permission rules, as the access module reads them. */
export async function appPermissions(tdb: TenantDb): Promise<AppPermissionRow[]> {
  return (await q.appRows(tdb)).map((m) => ({
    id: m.id,
    name: m.display_name,
    status: m.status,
    permission: parsePermission(m.permission),
  }));
}

/** The tenant's people and teams (with member ids) for the pickers of the editor and the explanation. */
export async function people(tdb: TenantDb): Promise<People> {
  const [users, teams, members] = await Promise.all([q.userRows(tdb, false), q.teamRows(tdb), q.memberRows(tdb)]);
  const byTeam = new Map<string, string[]>();
  for (const m of members) byTeam.set(m.team_id, [...(byTeam.get(m.team_id) ?? []), m.user_id]);
  return {
    users: users.slice(0, q.PEOPLE_CAP).map(personOf),
    teams: teams.map((t) => ({ id: t.id, name: t.name, members: byTeam.get(t.id) ?? [] })),
    capped: users.length > q.PEOPLE_CAP,
  };
}

/** The newest records of an app to explain, without their field values. */
export async function recordsToPick(tdb: TenantDb, moduleId: string): Promise<RecordPick[]> {
  if (!(await q.appRow(tdb, moduleId))) throw notFound('App not found');
  return (await q.recordPicks(tdb, moduleId)).map((r) => ({
    id: r.id,
    sequence_number: r.sequence_number,
    is_draft: !!r.is_draft,
    status: r.workflow_status,
    created_by_name: r.fullname ?? null,
    created_on: r.created_on,
  }));
}

/**
 * Saves an app's permission rules through the apps feature's own update (same checks, same stored shape, the same
 * 'app.permissions' audit entry); people and teams named in a rule must be this tenant's. A team stays a team:
 * its members are read whenever the rule is checked.
 */
export async function savePermission(tdb: TenantDb, user: AuthUser, moduleId: string, permission: ModulePermission) {
  const problem = permissionProblem(permission);
  if (problem) throw badRequest(problem);
  const named = [...new Set(Object.values(permission.rules ?? {}).flatMap((r) => r?.users ?? []))];
  if (named.length) {
    const known = await q.existingUserIds(tdb, named);
    if (named.some((id) => !known.has(id))) throw badRequest('A rule names someone who is not a user here.');
  }
  const teams = [...new Set(Object.values(permission.rules ?? {}).flatMap((r) => r?.teams ?? []))];
  if (teams.length) {
    const known = await q.existingTeamIds(tdb, teams);
    if (teams.some((id) => !known.has(id))) throw badRequest('A rule names a team that does not exist here.');
  }
  return tdb.transaction((tx) => updateApp(tx, user, '', moduleId, { permission }));
}
