import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { safeJson, userInfo } from '../identity/user-info.js';
import { badRequest } from '../http/errors.js';
import type { Tenant } from '../tenancy/resolve.js';
import type { UserInfo } from '../identity/schemas.js';
import type { Profile, ProfileBody } from './schemas.js';
import { saveProfile, userRow } from './queries.js';
import { checkZone, userSettings } from './settings.js';

/** The signed-in user's own profile: name, e-mail, and preferences (zone, date format, launch page, language). */

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function profileOf(tdb: TenantDb, tenant: Tenant, user: AuthUser): Promise<Profile> {
  const u = await userRow(tdb, user.id);
  const prefs = safeJson(u.preferences);
  return {
    ...userInfo(u, tenant.date_format),
    has_avatar: !!u.avatar,
    settings: userSettings(tenant, prefs),
    launch_page: typeof prefs.launch_page === 'string' ? prefs.launch_page : 'home',
    language: typeof prefs.language === 'string' ? prefs.language : null,
  };
}

/** Saves what was sent (the rest is kept) and answers the new user info. */
export async function updateProfile(
  tdb: TenantDb,
  tenant: Tenant,
  user: AuthUser,
  input: ProfileBody,
): Promise<UserInfo> {
  const u = await userRow(tdb, user.id);
  const prefs = safeJson(u.preferences);
  const fullname = input.fullname === undefined ? u.fullname : input.fullname.trim();
  if (!fullname || fullname.length > 100) throw badRequest('Full name needs 1 to 100 characters.');
  const email = input.email === undefined ? u.email : input.email.trim();
  if (!EMAIL_RE.test(email) || email.length > 254) throw badRequest('Email is not valid');
  if (input.timezone !== undefined) prefs.timezone = checkZone(input.timezone);
  if (input.date_format !== undefined) prefs.date_format = input.date_format;
  if (input.launch_page !== undefined) prefs.launch_page = input.launch_page;
  if (input.language !== undefined) prefs.language = input.language;
  await saveProfile(tdb, user.id, { fullname, email, preferences: prefs });
  return userInfo(await userRow(tdb, user.id), tenant.date_format);
}
