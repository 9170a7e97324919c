import os from 'node:os';
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
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';
import type { DB } from './schema.js';
import { ChangeCountingDriver } from './change-count.js';
import { preparedStatements } from './pg-prepared.js';
import { LockedWritesDriver, WriteLock, type LockSide } from './write-lock.js';
import { SqliteReaders } from './sqlite-readers.js';
import { ReaderThreads } from './reader-threads.js';
import { SqliteCompiler } from './sqlite-compiler.js';
import { dropValueSamples } from './value-samples.js';

export type DialectName = 'sqlite' | 'postgres';

/** The application role that every pooled PostgreSQL connection switches to, so row-level security applies. */
export const PG_APP_ROLE = 'flowforms_app';

export interface Database {
  dialect: DialectName;
  /** Unscoped access: tenants table, migrations, CLI. Route code uses a TenantDb instead. */
  system: Kysely<DB>;
  /** SQLite: the write lock this connection takes, to be shared with a thread that opens the same file. */
  writeLock?: SharedArrayBuffer;
  /** SQLite: threads that answer long selects outside transactions on other cores (sqlite-readers.ts). */
  readers?: SqliteReaders;
  /**
   * Threads that read and shape list pages beside the thread that serves HTTP (reader-threads.ts): SQLite's readers,
   * or PostgreSQL reader threads with connections of their own.
   */
  pageReaders?: ReaderThreads;
  /** A Kysely bound to one tenant (on PostgreSQL every connection it reserves carries app.tenant_id). */
  forTenant(tenantId: string): Kysely<DB>;
  close(): Promise<void>;
}

const SET_TENANT = "select set_config('app.tenant_id', $1, false)";

/**
 * The tenant label each pooled connection carries now. Every label on the pool is set through a LabelDriver (the
 * system Kysely sets ''), all sharing one inner driver, so its connection objects are stable keys and this map
 * always tells the truth; a connection the pool replaces is a new object and gets labelled afresh.
 */
type Labels = WeakMap<DatabaseConnection, string>;

/** Wraps a driver so each reserved connection is labelled with the tenant ('' = none) before use. */
class TenantLabelDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly tenantId: string,
    private readonly labels: Labels,
  ) {}
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const conn = await this.inner.acquireConnection();
    // Same label as the last borrower: the session setting is still in place, no round trip needed.
    if (this.labels.get(conn) === this.tenantId) return conn;
    try {
      this.labels.delete(conn);
      await conn.executeQuery(CompiledQuery.raw(SET_TENANT, [this.tenantId]));
      this.labels.set(conn, this.tenantId);
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

function dialectParts(base: Dialect): Dialect {
  return {
    createDriver: () => base.createDriver(),
    createAdapter: () => base.createAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
    createQueryCompiler: () => base.createQueryCompiler(),
  };
}

function withDriver(base: Dialect, driver: Driver): Dialect {
  return { ...dialectParts(base), createDriver: () => driver };
}

export interface OpenOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PostgreSQL: run repeated statements as named prepared statements (default on). */
  pgPrepared?: boolean;
  /** SQLite: the write lock shared with another thread of this process, and this connection's side of it. */
  sqliteWriteLock?: { buffer: SharedArrayBuffer; side: LockSide };
}

/** The embedded database's file in the data folder. */
export const sqliteFile = (dataDir: string) => path.join(dataDir, 'flowforms.sqlite');

/** An owner connection for migrations and test set-up: no role switch, so it may create and alter tables. */
export function openOwnerDatabase(opts: OpenOptions): Kysely<DB> {
  if (!opts.databaseUrl) return openSqlite(sqliteFile(opts.dataDir), new WriteLock(WriteLock.create(), 0)).system;
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: opts.databaseUrl, max: 2 }) }),
  });
}

export function openDatabase(opts: OpenOptions): Database {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.pgPrepared ?? true);
  const lock = opts.sqliteWriteLock ?? { buffer: WriteLock.create(), side: 0 };
  return openSqlite(sqliteFile(opts.dataDir), new WriteLock(lock.buffer, lock.side));
}

/**
 * Kysely prepares every query afresh; preparing costs more than running the small queries of a transition, so
 * statements are kept by their SQL (a statement still being iterated by a stream is busy: then a fresh one).
 */
function cachingStatements(conn: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    prepare(sql) {
      const hit = cache.get(sql);
      if (hit && !hit.busy) return hit;
      const stmt = conn.prepare(sql);
      if (!hit) {
        if (cache.size >= 1000) cache.clear();
        cache.set(sql, stmt);
      }
      return stmt;
    },
    close: () => conn.close(),
  };
}

function openSqlite(file: string, lock: WriteLock): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const conn = new SQLite(file);
  conn.pragma('journal_mode = WAL');
  conn.pragma('synchronous = FULL');
  conn.pragma('busy_timeout = 5000');
  conn.pragma('foreign_keys = ON');
  dropValueSamples(conn);
  const sqlite = new SqliteDialect({ database: cachingStatements(conn) });
  const base: Dialect = { ...dialectParts(sqlite), createQueryCompiler: () => new SqliteCompiler() };
  const driver = new ChangeCountingDriver(new LockedWritesDriver(base.createDriver(), lock));
  const system = new Kysely<DB>({ dialect: withDriver(base, driver) });
  const readers = new SqliteReaders(file);
  return {
    dialect: 'sqlite',
    writeLock: lock.buffer,
    system,
    readers,
    pageReaders: readers,
    forTenant: () => system,
    close: async () => {
      await readers.close();
      await system.destroy();
    },
  };
}

function openPostgres(url: string, poolSize: number, prepared: boolean): Database {
  // No JIT: compiling a report's plan cost more than it saved (a dashboard's widgets over 1,000,000 records each ran
  // about a fifth faster without it) and the app's other statements are too short to gain from it.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  if (prepared) pool.on('connect', preparedStatements);
  // Every pooled connection drops to the non-owner application role, so FORCEd row-level security applies.
  const onCreateConnection = async (conn: DatabaseConnection) => {
    await conn.executeQuery(CompiledQuery.raw(`set role ${PG_APP_ROLE}`));
  };
  const rawDialect = new PostgresDialect({ pool, onCreateConnection });
  const innerDriver = new ChangeCountingDriver(rawDialect.createDriver());
  let innerReady: Promise<void> | undefined;
  // One inner driver for the system and every tenant, so the label map sees every label set on this pool.
  const shared: Driver = {
    init: async () => {},
    acquireConnection: async () => {
      innerReady ??= innerDriver.init();
      await innerReady;
      return innerDriver.acquireConnection();
    },
    beginTransaction: (c, s) => innerDriver.beginTransaction(c, s),
    commitTransaction: (c) => innerDriver.commitTransaction(c),
    rollbackTransaction: (c) => innerDriver.rollbackTransaction(c),
    releaseConnection: (c) => innerDriver.releaseConnection(c),
    destroy: async () => {},
  };
  const labels: Labels = new WeakMap();
  // Unscoped work must never inherit a tenant label left by a previous borrower: it runs with the empty label.
  const system = new Kysely<DB>({ dialect: withDriver(rawDialect, new TenantLabelDriver(shared, '', labels)) });
  const tenants = new Map<string, Kysely<DB>>();
  const threads = Math.max(1, Math.min(4, os.availableParallelism()));
  const perThread = Math.ceil(poolSize / threads);
  // A thread runs a statement per connection; three more wait in its pool for the next free one.
  const pageReaders = new ReaderThreads(
    new URL('./pg-reader.worker.mjs', import.meta.url),
    { url, size: perThread, role: PG_APP_ROLE, prepared },
    threads,
    perThread + 3,
  );
  return {
    dialect: 'postgres',
    system,
    pageReaders,
    forTenant(tenantId) {
      let k = tenants.get(tenantId);
      if (!k) {
        k = new Kysely<DB>({ dialect: withDriver(rawDialect, new TenantLabelDriver(shared, tenantId, labels)) });
        tenants.set(tenantId, k);
      }
      return k;
    },
    async close() {
      await pageReaders.close();
      await system.destroy();
      if (innerReady) await innerReady.then(() => innerDriver.destroy());
      else await pool.end();
    },
  };
}
