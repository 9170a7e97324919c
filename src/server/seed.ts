import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { generatePassword } from './identity/passwords.js';
import { createTenant, insertUser } from './tenancy/admin.js';
import { DEFAULT_TENANT_DOMAIN } from './tenancy/resolve.js';
import { TenantDb } from './tenancy/tenant-db.js';
import { seedDemoContent } from './demo/seed-content.js';
import type { FastifyInstance } from 'fastify';

/**
 * On an empty database, creates the demo tenant with a system administrator `admin` and a regular user `user`.
 * Generated passwords are printed once; they are not stored anywhere in clear.
 */
export async function seedIfEmpty(
  db: Database,
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ tdb: TenantDb; passwords: { admin: string; user: string } } | undefined> {
  const any = await db.system.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (any) return undefined;
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
  const tdb = new TenantDb(tenantId, db.forTenant(tenantId));
  await insertUser(tdb, {
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
  return { tdb, passwords: { admin: adminPassword, user: userPassword } };
}

/**
 * The demo tenant's example content (src/server/demo/), on the start that created the tenant. If it fails the
 * tenant stays usable, empty; the log says why.
 */
export async function seedDemo(
  app: FastifyInstance,
  config: Config,
  seeded: NonNullable<Awaited<ReturnType<typeof seedIfEmpty>>>,
): Promise<void> {
  const approver = config.seedApproverPassword ?? generatePassword();
  try {
    await seedDemoContent(app, seeded.tdb, { ...seeded.passwords, approver });
    app.log.warn(
      `Demo content created: the Expense Claim app with a dozen claims. The approver signs in as approver / ${config.seedApproverPassword ? '(from environment)' : approver}.`,
    );
  } catch (err) {
    app.log.error({ err }, 'the demo content could not be created');
  }
}
