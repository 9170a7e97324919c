import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { generatePassword, hashPassword } from '../identity/passwords.js';
import { TenantDb } from './tenant-db.js';
import { LOGIN_LABEL } from './resolve.js';
import { insertUserRow } from './user-row.js';

const DOMAIN_RE = /^[a-z][a-z0-9-]{0,62}$/;
const RESERVED_DOMAINS = new Set([LOGIN_LABEL, 'www', 'api', 'localhost']);

export function checkDomain(domain: string): string | undefined {
  if (!DOMAIN_RE.test(domain))
    return 'A domain is 1–63 lower-case letters, digits or hyphens and starts with a letter.';
  if (RESERVED_DOMAINS.has(domain)) return `The domain '${domain}' is reserved.`;
  return undefined;
}

export interface NewUser {
  username: string;
  email: string;
  fullname: string;
  password: string;
  isSysAdmin?: boolean;
  isAdministrator?: boolean;
  isFullUser?: boolean;
  isConsultant?: boolean;
  license?: string;
}

export async function insertUser(tdb: TenantDb, u: NewUser): Promise<string> {
  return insertUserRow(tdb, { ...u, passwordHash: await hashPassword(u.password) });
}

export interface CreateTenantInput {
  domain: string;
  name: string;
  adminUser: string;
  adminEmail: string;
  adminPassword?: string;
  supportEmail?: string;
  phone?: string;
}

/** Creates a tenant and its first system administrator. Returns the tenant id and the admin's password. */
export async function createTenant(
  db: Database,
  input: CreateTenantInput,
): Promise<{ tenantId: string; password: string }> {
  const problem = checkDomain(input.domain);
  if (problem) throw new Error(problem);
  const existing = await db.system
    .selectFrom('tenants')
    .select('id')
    .where('domain', '=', input.domain)
    .executeTakeFirst();
  if (existing) throw new Error(`A tenant with domain '${input.domain}' already exists.`);
  const tenantId = crypto.randomUUID();
  await db.system
    .insertInto('tenants')
    .values({
      id: tenantId,
      domain: input.domain,
      name: input.name,
      status: 'active',
      licence_expires_on: null,
      support_email: input.supportEmail ?? null,
      person_in_charge_phone: input.phone ?? null,
      time_zone: null,
      date_format: 'YYYY-MM-DD',
      datetime_format: 'YYYY-MM-DD HH:mm:ss',
      time_format: 'HH:mm:ss',
      settings: '{}',
      created_on: new Date().toISOString(),
    })
    .execute();
  const password = input.adminPassword ?? generatePassword();
  await insertUser(new TenantDb(tenantId, db.forTenant(tenantId)), {
    username: input.adminUser,
    email: input.adminEmail,
    fullname: 'Administrator',
    password,
    isSysAdmin: true,
    isAdministrator: true,
    isFullUser: true,
  });
  return { tenantId, password };
}

export async function listTenants(db: Kysely<DB>) {
  return db.selectFrom('tenants').selectAll().orderBy('domain').execute();
}

export async function setTenantStatus(db: Kysely<DB>, domain: string, status: 'active' | 'inactive') {
  const r = await db.updateTable('tenants').set({ status }).where('domain', '=', domain).executeTakeFirst();
  if (!r.numUpdatedRows) throw new Error(`No tenant with domain '${domain}'.`);
}

export async function setLicence(db: Kysely<DB>, domain: string, expiresOn: string | null) {
  if (expiresOn !== null && !/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) throw new Error('The licence date is YYYY-MM-DD.');
  const r = await db
    .updateTable('tenants')
    .set({ licence_expires_on: expiresOn })
    .where('domain', '=', domain)
    .executeTakeFirst();
  if (!r.numUpdatedRows) throw new Error(`No tenant with domain '${domain}'.`);
}
