import crypto from 'node:crypto';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, notFound } from '../http/errors.js';
import { teamNameProblem } from './rules.js';
import type { Team, TeamDetail, TeamRef } from './schemas.js';
import {
  addTeamMember,
  deleteTeamRows,
  insertTeam,
  removeTeamMember,
  renameTeamRow,
  teamById,
  teamList,
  teamMembers,
  teamNamed,
  userStatus,
} from './queries.js';

/** Teams (approver targets in workflows): create, rename, delete, add and remove members. */

async function load(tdb: TenantDb, id: string) {
  const team = await teamById(tdb, id);
  if (!team) throw notFound('The team does not exist.');
  return team;
}

/** A name the rules accept and no other team of the tenant has. */
async function freeName(tdb: TenantDb, name: string, except?: string): Promise<string> {
  const problem = teamNameProblem(name);
  if (problem) throw badRequest(problem);
  if (await teamNamed(tdb, name, except)) throw badRequest(`A team named '${name}' already exists.`);
  return name;
}

export const listTeams = (tdb: TenantDb, search = ''): Promise<Team[]> => teamList(tdb, search);

/** For workflow designers choosing approvers: names only. */
export const teamLookup = async (tdb: TenantDb, search = ''): Promise<TeamRef[]> =>
  (await teamList(tdb, search)).map((t) => ({ id: t.id, name: t.name }));

export async function createTeam(tdb: TenantDb, caller: AuthUser, name: string): Promise<TeamRef> {
  const id = crypto.randomUUID();
  await insertTeam(tdb, { id, name: await freeName(tdb, name), createdBy: caller.id });
  return { id, name };
}

export async function teamDetail(tdb: TenantDb, id: string): Promise<TeamDetail> {
  const team = await load(tdb, id);
  return { id: team.id, name: team.name, members: await teamMembers(tdb, team.id) };
}

export async function renameTeam(tdb: TenantDb, id: string, name: string): Promise<TeamRef> {
  const team = await load(tdb, id);
  await renameTeamRow(tdb, team.id, await freeName(tdb, name, team.id));
  return { id: team.id, name };
}

export async function deleteTeam(tdb: TenantDb, id: string): Promise<void> {
  const team = await load(tdb, id);
  await deleteTeamRows(tdb, team.id);
}

/** Only active users of the tenant join a team; joining twice changes nothing. */
export async function addMember(tdb: TenantDb, id: string, userId: string): Promise<void> {
  const team = await load(tdb, id);
  const user = await userStatus(tdb, userId);
  if (!user) throw notFound('The user does not exist.');
  if (user.status !== 'active') throw badRequest('An inactive user cannot join a team.');
  await addTeamMember(tdb, team.id, userId);
}

export async function removeMember(tdb: TenantDb, id: string, userId: string): Promise<void> {
  const team = await load(tdb, id);
  await removeTeamMember(tdb, team.id, userId);
}
