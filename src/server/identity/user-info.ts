import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.js';
import type { RoleFlags, UserInfo } from './schemas.js';

export type UserRow = Selectable<UsersTable>;

/** The signed-in user as route handlers see it. */
export interface AuthUser {
  id: string;
  tenantId: string;
  username: string;
  email: string;
  fullname: string;
  isSysAdmin: boolean;
  isAdministrator: boolean;
  isFullUser: boolean;
  isConsultant: boolean;
  sessionId: string;
  scope?: string;
}

export type Role = 'sysAdmin' | 'administrator' | 'fullUser' | 'consultant';

const ROLE_LETTERS: Record<Role, string> = { sysAdmin: 'a', administrator: 'd', fullUser: 'f', consultant: 'c' };

export type RoleColumns = Pick<UserRow, 'is_sys_admin' | 'is_administrator' | 'is_full_user' | 'is_consultant'>;

export function roleString(u: RoleColumns): string {
  return (
    (u.is_sys_admin ? 'a' : '') +
    (u.is_administrator ? 'd' : '') +
    (u.is_full_user ? 'f' : '') +
    (u.is_consultant ? 'c' : '')
  );
}

export function hasRole(user: AuthUser, role: Role): boolean {
  return {
    sysAdmin: user.isSysAdmin,
    administrator: user.isAdministrator,
    fullUser: user.isFullUser,
    consultant: user.isConsultant,
  }[role];
}

export function rolesFromString(roles: string): RoleFlags {
  return {
    isSysAdmin: roles.includes(ROLE_LETTERS.sysAdmin),
    isAdministrator: roles.includes(ROLE_LETTERS.administrator),
    isFullUser: roles.includes(ROLE_LETTERS.fullUser),
    isConsultant: roles.includes(ROLE_LETTERS.consultant),
  };
}

/** A stored user as the access module sees a caller, for work done in their name without a session. */
export function authUserOf(u: UserRow, tenantId: string): AuthUser {
  return {
    id: u.id,
    tenantId,
    sessionId: '',
    username: u.username,
    email: u.email,
    fullname: u.fullname,
    isSysAdmin: !!u.is_sys_admin,
    isAdministrator: !!u.is_administrator,
    isFullUser: !!u.is_full_user,
    isConsultant: !!u.is_consultant,
  };
}

/** The spec's user info shape (uid, username, email, fullname, role flags, date_format, preference). */
export function userInfo(u: UserRow, dateFormat: string | null): UserInfo {
  const prefs = safeJson(u.preferences);
  return {
    uid: u.id,
    username: u.username,
    email: u.email,
    fullname: u.fullname,
    isSysAdmin: !!u.is_sys_admin,
    isAdministrator: !!u.is_administrator,
    isConsultant: !!u.is_consultant,
    isFullUser: !!u.is_full_user,
    date_format: (prefs.date_format as string | undefined) ?? dateFormat ?? 'YYYY-MM-DD',
    preference: prefs,
  };
}

export function safeJson(text: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
