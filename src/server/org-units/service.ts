import crypto from 'node:crypto';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { badRequest, notFound } from '../http/errors.js';
import {
  deleteMember,
  deleteUnitRows,
  directMembers,
  insertUnit,
  memberRow,
  roleNames,
  searchMembers,
  teamOnlyMembers,
  teamRow,
  treeRows,
  unitById,
  unitMap,
  updateUnit,
  upsertMember,
  userRow,
} from './queries.js';
import { managerOf } from './resolve.js';
import { wouldCycle } from './tree.js';
import type { ManagerInfo, MemberBody, NewUnitBody, OrgHit, OrgUnit, OrgUnitDetail, UnitChanges } from './schemas.js';

// The organisation's units: the tree, a unit's members, moves without cycles, and who manages whom.

async function load(tdb: TenantDb, id: string) {
  const unit = await unitById(tdb, id);
  if (!unit) throw notFound('The unit does not exist.');
  return unit;
}

/** An active user of this organisation, or a 400 naming what was asked of them. */
async function activeUser(tdb: TenantDb, id: string, what: string) {
  const user = await userRow(tdb, id);
  if (!user || user.status !== 'active') throw badRequest(`The ${what} must be an active user of this organisation.`);
  return user;
}

async function checkedRefs(tdb: TenantDb, b: { headId?: string | null; teamId?: string | null }) {
  if (b.headId) await activeUser(tdb, b.headId, 'head of a unit');
  if (b.teamId && !(await teamRow(tdb, b.teamId))) throw badRequest('The team does not exist in this organisation.');
}

const cleanName = (name: string) => {
  const n = name.trim();
  if (!n) throw badRequest('The unit needs a name.');
  return n;
};

export async function tree(tdb: TenantDb): Promise<OrgUnit[]> {
  return (await treeRows(tdb)).map((r) => ({
    id: r.id,
    name: r.name,
    parentId: r.parent_id,
    headId: r.head_id,
    headName: r.head_name ?? null,
    teamId: r.team_name == null ? null : r.team_id,
    teamName: r.team_name ?? null,
    memberCount: Number(r.n ?? 0),
  }));
}

export async function unitDetail(tdb: TenantDb, id: string): Promise<OrgUnitDetail> {
  const unit = (await tree(tdb)).find((u) => u.id === id);
  if (!unit) throw notFound('The unit does not exist.');
  const direct = (await directMembers(tdb, id)).map((m) => ({
    userId: m.user_id,
    fullname: m.fullname,
    username: m.username,
    role: m.role,
    managerId: m.manager_id,
    managerName: m.manager_name ?? null,
    viaTeam: false,
  }));
  const viaTeam = unit.teamId
    ? (await teamOnlyMembers(tdb, unit.teamId)).map((m) => ({
        userId: m.id,
        fullname: m.fullname,
        username: m.username,
        role: null,
        managerId: null,
        managerName: null,
        viaTeam: true,
      }))
    : [];
  return { ...unit, members: [...direct, ...viaTeam] };
}

export async function createUnit(tdb: TenantDb, b: NewUnitBody): Promise<OrgUnitDetail> {
  const name = cleanName(b.name);
  if (b.parentId) await load(tdb, b.parentId);
  await checkedRefs(tdb, b);
  const id = crypto.randomUUID();
  await insertUnit(tdb, {
    id,
    name,
    parent_id: b.parentId ?? null,
    head_id: b.headId ?? null,
    team_id: b.teamId ?? null,
  });
  return unitDetail(tdb, id);
}

export async function changeUnit(tdb: TenantDb, id: string, b: UnitChanges): Promise<OrgUnitDetail> {
  await load(tdb, id);
  await checkedRefs(tdb, b);
  const set = {
    ...(b.name !== undefined ? { name: cleanName(b.name) } : {}),
    ...(b.headId !== undefined ? { head_id: b.headId } : {}),
    ...(b.teamId !== undefined ? { team_id: b.teamId } : {}),
  };
  await updateUnit(tdb, id, set);
  return unitDetail(tdb, id);
}

/** Moves a unit under another (or to the top); never under itself or one of its own descendants. */
export async function moveUnit(tdb: TenantDb, id: string, parentId: string | null): Promise<OrgUnitDetail> {
  const units = await unitMap(tdb);
  if (!units.has(id)) throw notFound('The unit does not exist.');
  if (parentId && !units.has(parentId)) throw badRequest('The new parent unit does not exist.');
  if (wouldCycle(units, id, parentId))
    throw badRequest('A unit cannot be moved under itself or one of its own sub-units.');
  await updateUnit(tdb, id, { parent_id: parentId });
  return unitDetail(tdb, id);
}

/** Deletes a unit; its sub-units move up to its parent and its members are left without a unit. */
export async function deleteUnit(tdb: TenantDb, id: string): Promise<void> {
  await deleteUnitRows(tdb, await load(tdb, id));
}

/** Adds a user to a unit (it becomes their one unit) or changes their role and explicit manager there. */
export async function setMember(tdb: TenantDb, id: string, userId: string, b: MemberBody): Promise<OrgUnitDetail> {
  await load(tdb, id);
  await activeUser(tdb, userId, 'member');
  const current = await memberRow(tdb, userId);
  const stays = current?.unit_id === id;
  const managerId = b.managerId !== undefined ? b.managerId : stays ? current!.manager_id : null;
  if (managerId === userId) throw badRequest('A user cannot be their own manager.');
  if (managerId && b.managerId !== undefined) await activeUser(tdb, managerId, 'manager');
  const role = b.role !== undefined ? b.role?.trim() || null : stays ? current!.role : null;
  await upsertMember(tdb, { user_id: userId, unit_id: id, role, manager_id: managerId });
  return unitDetail(tdb, id);
}

export async function removeMember(tdb: TenantDb, id: string, userId: string): Promise<OrgUnitDetail> {
  await load(tdb, id);
  const gone = await deleteMember(tdb, id, userId);
  if (!Number(gone.numDeletedRows)) throw notFound('The user is not a member of this unit.');
  return unitDetail(tdb, id);
}

export async function search(tdb: TenantDb, text: string): Promise<OrgHit[]> {
  return (await searchMembers(tdb, text.trim())).map((m) => ({
    userId: m.user_id,
    fullname: m.fullname,
    username: m.username,
    unitId: m.unit_id,
    role: m.role,
  }));
}

export const roles = (tdb: TenantDb) => roleNames(tdb);

export async function managerInfo(tdb: TenantDb, userId: string): Promise<ManagerInfo> {
  if (!(await userRow(tdb, userId))) throw notFound('The user does not exist.');
  const m = await managerOf(tdb, userId);
  const name = m.id ? ((await userRow(tdb, m.id))?.fullname ?? null) : null;
  return { managerId: m.id, managerName: name, source: m.source };
}
