import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { generatePassword } from './identity/passwords.js';
import { createTenant, insertUser } from './tenancy/admin.js';
import { DEFAULT_TENANT_DOMAIN } from './tenancy/resolve.js';
import { TenantDb } from './tenancy/tenant-db.js';

/**
 * On an empty database, creates the demo tenant with a system administrator `admin` and a regular user `user`.
 * Generated passwords are printed once; they are not stored anywhere in clear.
 */
export async function seedIfEmpty(db: Database, config: Config, log: FastifyBaseLogger): Promise<boolean> {
  const any = await db.system.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  const adminPassword = config.seedAdminPassword ?? generatePassword();
  const userPassword = config.seedUserPassword ?? generatePassword();
  const { tenantId } = await createTenant(db, {
    domain: DEFAULT_TENANT_DOMAIN,
    name: 'Demo Organisation',
    adminUser: 'admin',
    adminEmail: 'admin@demo.localhost',
    adminPassword,
    supportEmail: 'support@demo.localhost',
  });
  await insertUser(new TenantDb(tenantId, db.forTenant(tenantId)), {
    username: 'user',
    email: 'user@demo.localhost',
    fullname: 'Demo User',
    password: userPassword,
  });
  const shown = (p: string, fromEnv: string | undefined) => (fromEnv ? '(from environment)' : p);
  log.warn(
    `Demo tenant created. Sign in at http://localhost:${config.port} as admin / ${shown(adminPassword, config.seedAdminPassword)}` +
      ` or user / ${shown(userPassword, config.seedUserPassword)}. These passwords are shown only once.`,
  );
  return true;
}
