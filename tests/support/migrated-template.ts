import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openOwnerDatabase, type DialectName } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { PG_ADMIN_URL, scratchDatabase, type ScratchDatabase } from './databases.js';

/**
 * Migrating an empty database takes seconds and every API test file does it once per dialect. Instead the migrated
 * database is built once per set of migrations (keyed by their source) and copied: SQLite copies the file,
 * PostgreSQL creates the database from a template. migrateToLatest still runs on the copy (a no-op when current),
 * so a migration added while tests run is applied all the same.
 */
const SRC = path.resolve(import.meta.dirname, '../../src/server/db');
const SQLITE_FILE = 'flowforms.sqlite';

function migrationsKey(): string {
  const h = crypto.createHash('sha256');
  const dir = path.join(SRC, 'migrations');
  for (const f of [
    path.join(SRC, 'migrate.ts'),
    ...fs
      .readdirSync(dir)
      .sort()
      .map((n) => path.join(dir, n)),
  ]) {
    if (!f.endsWith('.ts')) continue;
    h.update(f).update(fs.readFileSync(f));
  }
  return h.digest('hex').slice(0, 16);
}

async function migrate(scratch: ScratchDatabase): Promise<void> {
  const owner = openOwnerDatabase({ dataDir: scratch.dataDir, databaseUrl: scratch.databaseUrl });
  try {
    await migrateToLatest(owner, scratch.dialect);
  } finally {
    await owner.destroy();
  }
}

/** The folder holding a migrated SQLite file for these migrations; built once (atomically, by rename). */
async function sqliteTemplate(key: string): Promise<string> {
  const dir = path.join(os.tmpdir(), `ff-test-template-${key}`);
  if (fs.existsSync(path.join(dir, SQLITE_FILE))) return dir;
  const scratch = await scratchDatabase('sqlite');
  await migrate(scratch);
  try {
    fs.renameSync(scratch.dataDir, dir);
  } catch {
    // Another worker built it first.
    await scratch.drop();
  }
  return dir;
}

/** The template database for these migrations; the caller holds the advisory lock. */
async function pgTemplate(admin: pg.Client, key: string): Promise<string> {
  const name = `ff_tpl_${key}`;
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount) return name;
  const scratch = await scratchDatabase('postgres');
  await migrate(scratch);
  const built = new URL(scratch.databaseUrl!).pathname.slice(1);
  // The owner pool's sockets close just after destroy() returns; a rename needs them gone.
  for (let i = 0; i < 80; i++) {
    const r = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [built]);
    if (r.rows[0].n === 0) break;
    await new Promise((res) => setTimeout(res, 25));
  }
  await admin.query(`alter database ${built} rename to ${name}`);
  // Nobody (autovacuum included) connects to it, so a copy never finds it in use.
  await admin.query(`alter database ${name} with is_template true allow_connections false`);
  // Templates of older migrations are of no further use.
  const old = await admin.query("select datname from pg_database where datname like 'ff\\_tpl\\_%' and datname <> $1", [
    name,
  ]);
  for (const r of old.rows)
    await admin
      .query(`alter database ${r.datname} is_template false`)
      .then(() => admin.query(`drop database if exists ${r.datname} with (force)`))
      .catch(() => undefined);
  fs.rmSync(scratch.dataDir, { recursive: true, force: true });
  return name;
}

/** Like scratchDatabase, but with every migration applied already. */
export async function migratedScratchDatabase(dialect: DialectName): Promise<ScratchDatabase> {
  if (process.env.TEST_NO_DB_TEMPLATE) {
    // Migrate from scratch, as before the templates (to compare, or to rule the copies out).
    const scratch = await scratchDatabase(dialect);
    await migrate(scratch);
    return scratch;
  }
  const key = migrationsKey();
  if (dialect === 'sqlite') {
    const template = await sqliteTemplate(key);
    const scratch = await scratchDatabase('sqlite');
    for (const f of fs.readdirSync(template))
      if (f.startsWith(SQLITE_FILE)) fs.copyFileSync(path.join(template, f), path.join(scratch.dataDir, f));
    await migrate(scratch);
    return scratch;
  }
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  let scratch: ScratchDatabase;
  try {
    // One builder at a time across the workers, and no copy while the template is being built.
    await admin.query('select pg_advisory_lock(727274)');
    scratch = await scratchDatabase('postgres', await pgTemplate(admin, key));
  } finally {
    await admin.end(); // also releases the lock
  }
  await migrate(scratch);
  return scratch;
}
