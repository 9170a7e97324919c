import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import type { AppContext } from '../../src/server/context.js';
import { openDatabase, type Database, type DialectName } from '../../src/server/db/database.js';
import { createTenant } from '../../src/server/tenancy/admin.js';
import { migratedScratchDatabase } from './migrated-template.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  db: Database;
  config: Config;
  /** Creates a tenant with an administrator; returns its id and the admin password. */
  addTenant(domain: string, adminPassword?: string): Promise<{ tenantId: string; password: string }>;
  close(): Promise<void>;
}

/** A migrated, empty server on a scratch database; requests go through app.inject (real routing, no socket). */
export async function startTestApp(dialect: DialectName, env: Record<string, string> = {}): Promise<TestApp> {
  const scratch = await migratedScratchDatabase(dialect);
  const config = loadConfig({
    DATA_DIR: scratch.dataDir,
    DATABASE_URL: scratch.databaseUrl ?? '',
    WEB_DIR: '',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const db = openDatabase(config);
  const { app, ctx } = await buildApp({ config, db, logger: false });
  const t: TestApp = {
    app,
    ctx,
    db,
    config,
    addTenant: (domain, adminPassword = 'Correct-Horse-9') =>
      createTenant(db, {
        domain,
        name: `${domain} org`,
        adminUser: 'admin',
        adminEmail: `admin@${domain}.test`,
        adminPassword,
      }),
    async close() {
      // The app may have been replaced (a restart within a test): close the one running now.
      await t.app.close();
      await db.close();
      await scratch.drop();
    },
  };
  return t;
}
