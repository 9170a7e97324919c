import type { AssigneeRef } from '../../../runtime/plugin-contract.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { activeAmong, memberRow, roleHolders, unitHeadedBy, unitMap, unitViaTeam, type UnitRow } from './queries.js';
import { chainUp, sameRole } from './tree.js';

// Who an organisation-relative assignee is, for a given user (the engine asks for the record's initiator when a
// step starts). Nobody is a valid answer: the Assignment then faults the process as for any empty approver list.

/**
 * The user's one unit: the unit holding them directly, else the first unit (by name) built on a team of theirs,
 * else the first unit they head.
 */
export async function unitOf(tdb: TenantDb, userId: string, member?: { unit_id: string } | null) {
  const row = member === undefined ? await memberRow(tdb, userId) : member;
  return row?.unit_id ?? (await unitViaTeam(tdb, userId))?.id ?? (await unitHeadedBy(tdb, userId))?.id ?? undefined;
}

export type ManagerSource = 'explicit' | 'unit' | 'none';

/**
 * A user's manager: their explicit manager (when active), else the head of their unit, else of the nearest unit
 * above with an active head that is not the user themselves (the head of a unit is managed by the head above).
 */
export async function managerOf(
  tdb: TenantDb,
  userId: string,
  units?: Map<string, UnitRow>,
): Promise<{ id: string | null; source: ManagerSource }> {
  const member = await memberRow(tdb, userId);
  if (member?.manager_id && member.manager_id !== userId && (await activeAmong(tdb, [member.manager_id])).length)
    return { id: member.manager_id, source: 'explicit' };
  const unitId = await unitOf(tdb, userId, member ?? null);
  if (!unitId) return { id: null, source: 'none' };
  const heads = chainUp(units ?? (await unitMap(tdb)), unitId)
    .map((u) => u.head_id)
    .filter((h): h is string => !!h && h !== userId);
  const active = new Set(await activeAmong(tdb, heads));
  const head = heads.find((h) => active.has(h));
  return head ? { id: head, source: 'unit' } : { id: null, source: 'none' };
}

/**
 * Active members holding `role` in the user's unit; when nobody there does, in the nearest unit above that has
 * someone. The user themselves never counts (nobody approves their own request).
 */
export async function roleInUnitOf(tdb: TenantDb, userId: string, role: string): Promise<string[]> {
  const unitId = await unitOf(tdb, userId);
  if (!unitId || !role.trim()) return [];
  const chain = chainUp(await unitMap(tdb), unitId).map((u) => u.id);
  const holders = (await roleHolders(tdb, chain)).filter((h) => h.user_id !== userId && sameRole(h.role, role));
  for (const id of chain) {
    const here = holders.filter((h) => h.unit_id === id).map((h) => h.user_id);
    if (here.length) return here;
  }
  return [];
}

/** The active head of a unit, if it has one. */
export async function headOf(tdb: TenantDb, unitId: string): Promise<string[]> {
  const unit = (await unitMap(tdb)).get(unitId);
  return unit?.head_id ? activeAmong(tdb, [unit.head_id]) : [];
}

/** The engine's door: the user ids an organisation-relative approver names for this initiator ([] for nobody). */
export async function orgAssigneeIds(tdb: TenantDb, initiatorId: string, ref: AssigneeRef): Promise<string[]> {
  switch (ref.type) {
    case 'manager': {
      const m = await managerOf(tdb, initiatorId);
      return m.id ? [m.id] : [];
    }
    case 'unitHead':
      return ref.id ? headOf(tdb, ref.id) : [];
    case 'unitRole':
      return ref.role ? roleInUnitOf(tdb, initiatorId, ref.role) : [];
    default:
      return [];
  }
}
