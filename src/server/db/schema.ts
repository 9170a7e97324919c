import type { Generated } from 'kysely';

/**
 * Table types shared by SQLite and PostgreSQL. Conventions that keep one code path for both:
 * ids are text (UUIDs), timestamps ISO-8601 UTC text, booleans 0/1 integers, JSON documents text.
 */
export interface TenantsTable {
  id: string;
  domain: string;
  name: string;
  status: 'active' | 'inactive';
  licence_expires_on: string | null;
  support_email: string | null;
  person_in_charge_phone: string | null;
  time_zone: string | null;
  date_format: string | null;
  datetime_format: string | null;
  time_format: string | null;
  settings: string;
  created_on: string;
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  username: string;
  email: string;
  fullname: string;
  password_hash: string | null;
  is_sys_admin: number;
  is_administrator: number;
  is_full_user: number;
  is_consultant: number;
  license: string;
  status: 'active' | 'inactive';
  password_changed_on: string | null;
  preferences: string;
  created_on: string;
  modified_on: string;
}

export interface OutboxTable {
  id: Generated<number>;
  tenant_id: string;
  kind: string;
  idempotency_key: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed' | 'kept';
  attempts: number;
  available_at: string;
  last_error: string | null;
  created_on: string;
  delivered_on: string | null;
}

export interface DB {
  tenants: TenantsTable;
  users: UsersTable;
  outbox: OutboxTable;
}

/** Tables that carry tenant_id; only these are reachable through a TenantDb. */
export type TenantTable = { [K in keyof DB]: DB[K] extends { tenant_id: string } ? K : never }[keyof DB];
