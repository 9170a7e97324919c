import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { UsersTable } from '../db/schema.js';
import type { RoleFlags } from '../identity/schemas.js';
import type { TenantDb } from './tenant-db.js';

/** The role flags as the user row's columns. */
export const roleColumns = (f: Partial<RoleFlags>) => ({
  is_sys_admin: f.isSysAdmin ? 1 : 0,
  is_administrator: f.isAdministrator ? 1 : 0,
  is_full_user: f.isFullUser ? 1 : 0,
  is_consultant: f.isConsultant ? 1 : 0,
});

export interface UserRowInput extends Partial<RoleFlags> {
  username: string;
  email: string;
  fullname: string;
  /** Already hashed; null for a user who signs in through an identity provider or has yet to choose one. */
  passwordHash: string | null;
  license?: string;
}

/**
 * Inserts an active user with the defaults every way of creating one shares (management, first administrator,
 * SSO provisioning) and returns its id.
 */
export async function insertUserRow(tdb: TenantDb, u: UserRowInput): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const row: Omit<Insertable<UsersTable>, 'tenant_id'> = {
    id,
    username: u.username,
    email: u.email,
    fullname: u.fullname,
    password_hash: u.passwordHash,
    ...roleColumns(u),
    license: u.license ?? (u.isFullUser ? 'FULL_USER' : 'REGULAR_USER'),
    status: 'active',
    password_changed_on: u.passwordHash ? now : null,
    preferences: '{}',
    created_on: now,
    modified_on: now,
    totp_secret: null,
    totp_enabled: 0,
    totp_last_step: null,
    security_questions: '[]',
    avatar: null,
  };
  await tdb.insertInto('users', row).execute();
  return id;
}
