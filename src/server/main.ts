import { loadConfig } from './config.js';
import { openDatabase, openOwnerDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './app.js';
import { seedDemo, seedIfEmpty } from './seed.js';

async function main() {
  const config = loadConfig();
  const owner = openOwnerDatabase(config);
  await migrateToLatest(owner, config.databaseUrl ? 'postgres' : 'sqlite');
  await owner.destroy();
  const db = openDatabase(config);
  const { app, ctx } = await buildApp({ config, db });
  const seeded = await seedIfEmpty(db, config, app.log);
  if (seeded && config.seedDemoContent) await seedDemo(app, config, seeded);
  if (config.outboxWorker) {
    ctx.outbox.start();
    app.webhooks.start();
    app.connectorSteps.start();
  }
  // The first action should not wait for the engine's writer thread to load.
  ctx.transitions.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await db.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
