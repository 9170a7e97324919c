import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type TransactionSettings,
} from 'kysely';
import type { DB } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

/** The application role that every pooled PostgreSQL connection switches to, so row-level security applies. */
export const PG_APP_ROLE = 'flowforms_app';

export interface Database {
  dialect: DialectName;
  /** Unscoped access: tenants table, migrations, CLI. Route code uses a TenantDb instead. */
  system: Kysely<DB>;
  /** A Kysely bound to one tenant (on PostgreSQL every connection it reserves carries app.tenant_id). */
  forTenant(tenantId: string): Kysely<DB>;
  close(): Promise<void>;
}

const SET_TENANT = "select set_config('app.tenant_id', $1, false)";

/** Wraps a driver so each reserved connection is labelled with the tenant before use. */
class TenantLabelDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly tenantId: string,
  ) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const conn = await this.inner.acquireConnection();
    try {
      await conn.executeQuery(CompiledQuery.raw(SET_TENANT, [this.tenantId]));
    } catch (err) {
      await this.inner.releaseConnection(conn);
      throw err;
    }
    return conn;
  }
  beginTransaction(c: DatabaseConnection, s: TransactionSettings) {
    return this.inner.beginTransaction(c, s);
  }
  commitTransaction(c: DatabaseConnection) {
    return this.inner.commitTransaction(c);
  }
  rollbackTransaction(c: DatabaseConnection) {
    return this.inner.rollbackTransaction(c);
  }
  releaseConnection(c: DatabaseConnection) {
    return this.inner.releaseConnection(c);
  }
  async destroy(): Promise<void> {}
}

function withDriver(base: Dialect, driver: Driver): Dialect {
  return {
    createDriver: () => driver,
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
  };
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

/** An owner connection for migrations and test set-up: no role switch, so it may create and alter tables. */
export function openOwnerDatabase(opts: OpenOptions): Kysely<DB> {
  if (!opts.databaseUrl) return openSqlite(path.join(opts.dataDir, 'flowforms.sqlite')).system;
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: opts.databaseUrl, max: 2 }) }) });
}

export function openDatabase(opts: OpenOptions): Database {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openSqlite(path.join(opts.dataDir, 'flowforms.sqlite'));
}

function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const conn = new SQLite(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = FULL');
  conn.pragma('busy_timeout = 5000');
  conn.pragma('foreign_keys = ON');
  const system = new Kysely<DB>({ dialect: new SqliteDialect({ database: conn }) });
  return {
    dialect: 'sqlite',
    system,
    forTenant: () => system,
    close: () => system.destroy(),
  };
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // Every pooled connection drops to the non-owner application role, so FORCEd row-level security applies.
  const onCreateConnection = async (conn: DatabaseConnection) => {
    await conn.executeQuery(CompiledQuery.raw(`set role ${PG_APP_ROLE}`));
  };
  const base = new PostgresDialect({
    pool,
    onCreateConnection,
    // Unscoped work must never inherit a tenant label left by a previous borrower.
    onReserveConnection: async (conn) => {
      await conn.executeQuery(CompiledQuery.raw(SET_TENANT, ['']));
    },
  });
  const system = new Kysely<DB>({ dialect: base });
  const rawDialect = new PostgresDialect({ pool, onCreateConnection });
  const innerDriver = rawDialect.createDriver();
  let innerReady: Promise<void> | undefined;
  const tenants = new Map<string, Kysely<DB>>();
  return {
    dialect: 'postgres',
    system,
    forTenant(tenantId) {
      let k = tenants.get(tenantId);
      if (!k) {
        innerReady ??= innerDriver.init();
        const driver = new TenantLabelDriver(
          {
            init: async () => {},
            acquireConnection: async () => {
              await innerReady;
              return innerDriver.acquireConnection();
            },
            beginTransaction: (c, s) => innerDriver.beginTransaction(c, s),
            commitTransaction: (c) => innerDriver.commitTransaction(c),
            rollbackTransaction: (c) => innerDriver.rollbackTransaction(c),
            releaseConnection: (c) => innerDriver.releaseConnection(c),
            destroy: async () => {},
          },
          tenantId,
        );
        k = new Kysely<DB>({ dialect: withDriver(rawDialect, driver) });
        tenants.set(tenantId, k);
      }
      return k;
    },
    async close() {
      await system.destroy();
    },
  };
}
