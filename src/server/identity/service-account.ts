import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { badRequest, unauthorized } from '../http/errors.js';
import type { Tenant } from '../tenancy/resolve.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { passwordProblem, tenantPolicy } from './policy.js';
import {
  setPasswordHash,
  setPreferences,
  setSecurityQuestions,
  setTenantSettings,
  setTenantZone,
  userById,
  userColumn,
} from './queries.js';
import type {
  ChangePasswordBody,
  Organization,
  PasswordChanged,
  PolicyBody,
  SecurityPolicy,
  SecurityQuestionView,
  SecurityQuestionsBody,
  TimeZone,
  UserInfo,
} from './schemas.js';
import { revokeUserSessions, startSession, type Issuer } from './sessions.js';
import { safeJson, userInfo, type AuthUser } from './user-info.js';

const DEFAULT_ZONE = 'Etc/UTC';
/** The organisation zone falls back to Etc/UTC when missing or 'GMT Standard Time' (spec section 9). */
export const effectiveZone = (zone: string | null | undefined) =>
  !zone || zone === 'GMT Standard Time' ? DEFAULT_ZONE : zone;

function validZone(zone: string | undefined): string {
  if (!zone) throw badRequest('A time zone is required.');
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw badRequest(`Unknown time zone '${zone}'.`);
  }
  return zone;
}

async function ownRow(tdb: TenantDb, user: AuthUser) {
  const row = await userById(tdb, user.id);
  if (!row) throw unauthorized('Your session has ended. Please sign in again.');
  return row;
}

export async function userInfoOf(tdb: TenantDb, tenant: Tenant, user: AuthUser): Promise<UserInfo> {
  return userInfo(await ownRow(tdb, user), tenant.date_format);
}

/** A new password ends every session of the user and starts a fresh one. */
export async function changePassword(
  tdb: TenantDb,
  issuer: Issuer,
  user: AuthUser,
  input: ChangePasswordBody,
): Promise<PasswordChanged> {
  const problem = passwordProblem(input.newPassword);
  if (problem) throw badRequest(problem);
  const row = await ownRow(tdb, user);
  if (!(await verifyPassword(row.password_hash, input.currentPassword ?? '')))
    throw badRequest('The current password is not correct.');
  if (input.currentPassword === input.newPassword) throw badRequest('The new password must differ from the current one.');
  const hash = await hashPassword(input.newPassword!);
  return tdb.transaction(async (tx) => {
    await setPasswordHash(tx, row.id, hash);
    await revokeUserSessions(tx, row.id);
    const fresh = (await userById(tx, row.id))!;
    const tokens = await startSession(tx, issuer, fresh);
    return { ...tokens, succeeded: true, userId: row.id };
  });
}

export const securityPolicy = (tenant: Tenant): SecurityPolicy => tenantPolicy(tenant);

/** Saves the tenant's security policy (the tenant row is system-wide, so through the system connection). */
export async function saveSecurityPolicy(db: Kysely<DB>, tenant: Tenant, input: PolicyBody): Promise<SecurityPolicy> {
  const days = input.passwordExpiryDays ?? 90;
  if (days < 1 || days > 3650) throw badRequest('Password expiry is 1 to 3650 days.');
  const policy: SecurityPolicy = {
    requireTwoFactor: !!input.requireTwoFactor,
    enablePasswordExpiry: !!input.enablePasswordExpiry,
    passwordExpiryDays: days,
  };
  await setTenantSettings(db, tenant.id, JSON.stringify({ ...safeJson(tenant.settings), securityPolicy: policy }));
  return policy;
}

export async function securityQuestions(tdb: TenantDb, user: AuthUser): Promise<SecurityQuestionView[]> {
  const row = await userColumn(tdb, user.id, 'security_questions');
  const list = JSON.parse(row.security_questions) as { question: string }[];
  return list.map((q) => ({ question: q.question, answered: true }));
}

/** Questions are kept in clear, answers hashed (lower-cased, so the user need not remember the case). */
export async function saveSecurityQuestions(tdb: TenantDb, user: AuthUser, input: SecurityQuestionsBody): Promise<void> {
  const items = input.questions;
  if (!items || items.length < 1 || items.length > 5) throw badRequest('Give between 1 and 5 questions.');
  const stored = [];
  for (const it of items) {
    const question = (it.question ?? '').trim();
    const answer = (it.answer ?? '').trim().toLowerCase();
    if (!question || question.length > 200) throw badRequest('Each question needs 1 to 200 characters.');
    if (answer.length < 2 || answer.length > 100) throw badRequest('Each answer needs 2 to 100 characters.');
    stored.push({ question, answer: await hashPassword(answer) });
  }
  await setSecurityQuestions(tdb, user.id, JSON.stringify(stored));
}

export async function setUserZone(tdb: TenantDb, user: AuthUser, zone: string | undefined): Promise<TimeZone> {
  const timezone = validZone(zone);
  const row = await userColumn(tdb, user.id, 'preferences');
  await setPreferences(tdb, user.id, JSON.stringify({ ...safeJson(row.preferences), timezone }));
  return { timezone };
}

/** The user's own zone, else the organisation's. */
export async function userZone(tdb: TenantDb, tenant: Tenant, user: AuthUser): Promise<TimeZone> {
  const row = await userColumn(tdb, user.id, 'preferences');
  const own = safeJson(row.preferences).timezone;
  return { timezone: typeof own === 'string' && own ? own : effectiveZone(tenant.time_zone) };
}

export const organizationOf = (t: Tenant): Organization => ({
  name: t.name,
  domain: t.domain,
  time_zone: effectiveZone(t.time_zone),
  date_format: t.date_format ?? 'YYYY-MM-DD',
  datetime_format: t.datetime_format,
  time_format: t.time_format ?? 'HH:mm:ss',
});

export async function setOrganizationZone(db: Kysely<DB>, tenant: Tenant, zone: string | undefined): Promise<TimeZone> {
  const timezone = validZone(zone);
  await setTenantZone(db, tenant.id, timezone);
  return { timezone };
}
