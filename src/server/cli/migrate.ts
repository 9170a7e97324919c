import { loadConfig } from '../config.js';
import { openOwnerDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

const config = loadConfig();
const db = openOwnerDatabase(config);
try {
  const applied = await migrateToLatest(db, config.databaseUrl ? 'postgres' : 'sqlite');
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} catch (err) {
  console.error(`Migration failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
