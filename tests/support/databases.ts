import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  openDatabase,
  openOwnerDatabase,
  type Database,
  type DialectName,
  type OpenOptions,
} from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { createTenant } from '../../src/server/tenancy/admin.js';

/** The PostgreSQL server the tests create their throw-away databases on. */
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/test';

async function pgReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

let cached: Promise<DialectName[]> | undefined;

/**
 * The databases the API suites run on: SQLite always, PostgreSQL when reachable. On CI PostgreSQL is required.
 */
export function testDialects(): Promise<DialectName[]> {
  cached ??= (async () => {
    if (process.env.TEST_DB === 'sqlite') return ['sqlite'];
    if (await pgReachable()) return process.env.TEST_DB === 'postgres' ? ['postgres'] : ['sqlite', 'postgres'];
    if (process.env.CI) throw new Error(`PostgreSQL is required on CI but ${PG_ADMIN_URL} is not reachable`);
    console.warn(`PostgreSQL not reachable at ${PG_ADMIN_URL}: running the SQLite half only`);
    return ['sqlite'];
  })();
  return cached;
}

export interface ScratchDatabase {
  dialect: DialectName;
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

/** A fresh, empty database (and data folder) for one test file; on PostgreSQL optionally a copy of a template. */
export async function scratchDatabase(dialect: DialectName, pgTemplate?: string): Promise<ScratchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ff-test-'));
  if (dialect === 'sqlite') {
    return { dialect, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `ff_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}${pgTemplate ? ` template ${pgTemplate}` : ''}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      // A pool's end() returns before its sockets have closed; forcing the drop then would kill a connection that
      // is saying goodbye, and its client reports that as an error. Give them a moment first.
      for (let i = 0; i < 40; i++) {
        const r = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (r.rows[0].n === 0) break;
        await new Promise((res) => setTimeout(res, 25));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A fresh database with every migration applied, opened like the server opens it; close() also drops it. */
export async function migratedDatabase(
  dialect: DialectName,
  opts: Omit<OpenOptions, 'dataDir' | 'databaseUrl'> = {},
): Promise<Database & { scratch: ScratchDatabase }> {
  const scratch = await scratchDatabase(dialect);
  const where = { dataDir: scratch.dataDir, databaseUrl: scratch.databaseUrl };
  const owner = openOwnerDatabase(where);
  await migrateToLatest(owner, dialect);
  await owner.destroy();
  const db = openDatabase({ ...where, ...opts });
  return {
    ...db,
    scratch,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}

/** Tenants created on `db`, one per domain, each with an administrator named admin; answers their ids in order. */
export async function createTenants(db: Database, domains: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const domain of domains) {
    const created = await createTenant(db, {
      domain,
      name: domain,
      adminUser: 'admin',
      adminEmail: `admin@${domain}.test`,
      adminPassword: 'Tenant-Admin-Pass-1',
    });
    ids.push(created.tenantId);
  }
  return ids;
}
