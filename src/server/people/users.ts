import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser, UserRow } from '../identity/user-info.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { createChallenge } from '../identity/challenges.js';
import { hashPassword } from '../identity/passwords.js';
import { passwordProblem } from '../identity/policy.js';
import { revokeUserSessions } from '../identity/sessions.js';
import { enqueue } from '../outbox/outbox.js';
import { insertUserRow, roleColumns } from '../tenancy/user-row.js';
import { audit } from '../audit/trail.js';
import { recordChanges } from '../audit/diff.js';
import { emailProblem, escalations, fullnameProblem, rank, usernameProblem } from './rules.js';
import type { ManagedUser, NewUser, RoleFlags, UserChanges, UserDetail, UserListQuery, UserPage } from './schemas.js';
import {
  activeSysAdmins,
  teamsOfUser,
  updateUserRow,
  userById,
  userByUsername,
  userPage,
} from './queries.js';

/**
 * Users of the tenant: list by licence kind, create (with a password or an invitation), edit, change roles,
 * deactivate, reactivate. Whoever changes a user's roles, status or password ends that user's sessions here.
 */

const INVITE_TTL_MS = 7 * 86_400_000;
const PAGE_SIZE = 10;
const NO_ROLES: RoleFlags = { isSysAdmin: false, isAdministrator: false, isFullUser: false, isConsultant: false };

export const flagsOf = (u: UserRow): RoleFlags => ({
  isSysAdmin: !!u.is_sys_admin,
  isAdministrator: !!u.is_administrator,
  isFullUser: !!u.is_full_user,
  isConsultant: !!u.is_consultant,
});

/** The user as the management screens see it (never the password hash or second-factor secrets). */
export const userView = (u: UserRow): ManagedUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  fullname: u.fullname,
  ...flagsOf(u),
  license: u.license,
  status: u.status,
  created_on: u.created_on,
  modified_on: u.modified_on,
});

async function load(tdb: TenantDb, id: string): Promise<UserRow> {
  const u = await userById(tdb, id);
  if (!u) throw notFound('The user does not exist.');
  return u;
}

/** Nobody changes a user who outranks them. */
function mayChange(caller: AuthUser, target: UserRow) {
  if (rank(flagsOf(target)) > rank(caller))
    throw forbidden('You cannot change a user whose role is higher than your own.');
}

/** Flags left out keep their value. */
const flagsFrom = (b: Partial<RoleFlags>, prev: RoleFlags): RoleFlags => ({
  isSysAdmin: b.isSysAdmin ?? prev.isSysAdmin,
  isAdministrator: b.isAdministrator ?? prev.isAdministrator,
  isFullUser: b.isFullUser ?? prev.isFullUser,
  isConsultant: b.isConsultant ?? prev.isConsultant,
});

const sameFlags = (a: RoleFlags, b: RoleFlags) =>
  a.isSysAdmin === b.isSysAdmin &&
  a.isAdministrator === b.isAdministrator &&
  a.isFullUser === b.isFullUser &&
  a.isConsultant === b.isConsultant;

function noEscalation(caller: AuthUser, prev: RoleFlags, next: RoleFlags) {
  if (escalations(caller, prev, next).length) throw forbidden('You cannot grant a role higher than your own.');
}

/** A password to set: undefined when none was given (an empty one counts as none); 400 when the policy refuses it. */
async function passwordHashOf(password: string | undefined): Promise<string | undefined> {
  if (!password) return undefined;
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem);
  return hashPassword(password);
}

export async function listUsers(tdb: TenantDb, q: UserListQuery): Promise<UserPage> {
  const page = q.page ?? 1;
  const length = q.length ?? PAGE_SIZE;
  const found = await userPage(tdb, {
    license: q.license,
    status: q.status,
    search: q.search ?? '',
    limit: length,
    offset: (page - 1) * length,
  });
  return { data: found.rows.map(userView), recordsTotal: found.total, recordsFiltered: found.filtered, page, length };
}

export async function userDetail(tdb: TenantDb, id: string): Promise<UserDetail> {
  const u = await load(tdb, id);
  return { ...userView(u), teams: await teamsOfUser(tdb, u.id) };
}

/** Where an invitation sends a new user without a password: the web app's address and the organisation's name. */
export interface Invitation {
  origin: string;
  organisation: string;
}

/**
 * Creates a user. Without a password the user chooses one through a one-time link (the reset-password page) sent by
 * mail in the same transaction.
 */
export async function createUser(
  tdb: TenantDb,
  caller: AuthUser,
  input: NewUser,
  invitation: Invitation,
): Promise<{ user: ManagedUser; invited: boolean }> {
  const problem = usernameProblem(input.username) ?? emailProblem(input.email) ?? fullnameProblem(input.fullname);
  if (problem) throw badRequest(problem);
  const flags = flagsFrom(input, NO_ROLES);
  noEscalation(caller, NO_ROLES, flags);
  const license = input.license ?? (flags.isFullUser || flags.isConsultant ? 'FULL_USER' : 'REGULAR_USER');
  const { username } = input;
  const email = input.email.trim();
  const fullname = input.fullname.trim();
  const passwordHash = await passwordHashOf(input.password);
  if (await userByUsername(tdb, username)) throw badRequest(`The username '${username}' is already taken.`);
  let id = '';
  await tdb.transaction(async (tx) => {
    id = await insertUserRow(tx, { username, email, fullname, passwordHash: passwordHash ?? null, ...flags, license });
    await audit(tx, { action: 'user.create', actorId: caller.id, targetType: 'user', targetId: id, targetLabel: username, details: { changes: recordChanges(undefined, {}, { ...flags, license }) } });
    if (passwordHash) return;
    const token = await createChallenge(tx, id, 'reset', INVITE_TTL_MS);
    const link = `${invitation.origin}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueue(
      tx,
      'mail',
      {
        to: email,
        subject: `You have been invited to ${invitation.organisation}`,
        text: `Hello ${fullname},\n\nAn account '${username}' has been created for you. Use this link within 7 days to choose your password:\n${link}\n`,
      },
      `invite:${id}`,
    );
  });
  return { user: userView(await load(tdb, id)), invited: !passwordHash };
}

/**
 * Gives a user new roles: never above the caller's own, and never takes the role from the last active system
 * administrator. The user's sessions end at once. Call inside the transaction of the change; no-op when the roles
 * stay the same.
 */
export async function changeUserRoles(tx: TenantDb, caller: AuthUser, target: UserRow, next: RoleFlags): Promise<void> {
  const prev = flagsOf(target);
  if (sameFlags(prev, next)) return;
  noEscalation(caller, prev, next);
  if (prev.isSysAdmin && !next.isSysAdmin && target.status === 'active' && (await activeSysAdmins(tx)) <= 1)
    throw badRequest('The last system administrator cannot lose that role.');
  await updateUserRow(tx, target.id, { ...roleColumns(next), modified_on: new Date().toISOString() });
  await audit(tx, { action: 'user.roles', actorId: caller.id, targetType: 'user', targetId: target.id, targetLabel: target.username, details: { changes: recordChanges(undefined, { ...prev }, { ...next }) } });
  await revokeUserSessions(tx, target.id);
}

/** Edits a user: e-mail, name, licence, a new password (ends their sessions) and roles (through changeUserRoles). */
export async function updateUser(
  tdb: TenantDb,
  caller: AuthUser,
  id: string,
  input: UserChanges,
): Promise<ManagedUser> {
  mayChange(caller, await load(tdb, id));
  // Hashed before the transaction: it takes a while, and a transaction holds its connection meanwhile.
  const passwordHash = await passwordHashOf(input.password);
  return tdb.transaction(async (tx) => {
    const u = await load(tx, id);
    mayChange(caller, u);
    const email = input.email === undefined ? u.email : input.email.trim();
    const fullname = input.fullname === undefined ? u.fullname : input.fullname.trim();
    const problem = emailProblem(email) ?? fullnameProblem(fullname);
    if (problem) throw badRequest(problem);
    await changeUserRoles(tx, caller, u, flagsFrom(input, flagsOf(u)));
    const now = new Date().toISOString();
    await updateUserRow(tx, id, {
      email,
      fullname,
      license: input.license ?? u.license,
      modified_on: now,
      ...(passwordHash ? { password_hash: passwordHash, password_changed_on: now } : {}),
    });
    if (passwordHash) await revokeUserSessions(tx, id);
    return userView(await load(tx, id));
  });
}

/** Deactivates a user (never oneself, never the last active system administrator); their sessions end at once. */
export async function deactivateUser(tdb: TenantDb, caller: AuthUser, id: string): Promise<ManagedUser> {
  return tdb.transaction(async (tx) => {
    const u = await load(tx, id);
    mayChange(caller, u);
    if (u.is_sys_admin && u.status === 'active' && (await activeSysAdmins(tx)) <= 1)
      throw badRequest('The last system administrator cannot be deactivated.');
    if (id === caller.id) throw badRequest('You cannot deactivate yourself.');
    await updateUserRow(tx, id, { status: 'inactive', modified_on: new Date().toISOString() });
    await audit(tx, { action: 'user.deactivate', actorId: caller.id, targetType: 'user', targetId: id, targetLabel: u.username });
    await revokeUserSessions(tx, id);
    return userView(await load(tx, id));
  });
}

export async function reactivateUser(tdb: TenantDb, caller: AuthUser, id: string): Promise<ManagedUser> {
  const u = await load(tdb, id);
  mayChange(caller, u);
  await updateUserRow(tdb, id, { status: 'active', modified_on: new Date().toISOString() });
  await audit(tdb, { action: 'user.reactivate', actorId: caller.id, targetType: 'user', targetId: id, targetLabel: u.username });
  return userView(await load(tdb, id));
}
