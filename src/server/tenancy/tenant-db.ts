import type {
  Compilable,
  QueryResult,
  DeleteQueryBuilder,
  DeleteResult,
  Insertable,
  InsertQueryBuilder,
  InsertResult,
  Kysely,
  RawBuilder,
  SelectQueryBuilder,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import { PostgresAdapter, sql } from 'kysely';
import type { DB, TenantTable } from '../db/schema.js';
import type { DialectName } from '../db/database.js';
import type { ReaderShape, ReaderThreads } from '../db/reader-threads.js';
import { fill, param, writeBatch } from '../db/prepared-query.js';

type Row<T extends TenantTable> = Omit<Insertable<DB[T]>, 'tenant_id'>;

/** One prepared write of a batch (see writeBatch): its shape key, how to build it, and whether it must affect a row. */
export interface TenantWrite {
  key: string;
  build: (tdb: TenantDb) => Compilable<unknown>;
  mustAffect?: boolean;
}

/**
 * The only door to tenant-owned tables for feature code. Every builder it hands out already carries the
 * tenant condition (reads, updates, deletes) or the tenant column (inserts), so a query that forgets the
 * tenant cannot be written through it. On PostgreSQL the underlying connection is also labelled with the
 * tenant, and row-level security rejects anything that slips past.
 */
/** Who works through a TenantDb and from where, when a request does (read lazily: sign-in sets the user later). */
export interface DbOrigin {
  userId?: string;
  userName?: string;
  ip?: string;
  userAgent?: string;
}

export class TenantDb {
  constructor(
    readonly tenantId: string,
    private readonly db: Kysely<DB>,
    /** The request behind this work, for the audit trail; carried into transactions. */
    readonly origin?: () => DbOrigin,
  ) {}

  /** Which database answers: the few queries written per dialect (JSON paths, sort keys) ask here. */
  get dialect(): DialectName {
    return this.db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  }

  selectFrom<T extends TenantTable>(table: T): SelectQueryBuilder<DB, T, object> {
    // Kysely cannot type a column reference on a generic table name; the tenant column exists on every TenantTable.
    return (this.db.selectFrom(table) as unknown as SelectQueryBuilder<DB, TenantTable, object>).where(
      `${table}.tenant_id` as `users.tenant_id`,
      '=',
      this.tenantId,
    ) as unknown as SelectQueryBuilder<DB, T, object>;
  }

  /**
   * A statement written with `sql` around builders of this TenantDb, for shapes the builders cannot write (a join
   * after a page is cut). Each tenant table it names itself must carry this tenant's condition (`this.tenantId`).
   */
  statement<R>(q: RawBuilder<R>): Compilable<R> {
    return { compile: () => q.compile(this.db) };
  }

  /**
   * Rows of a database function that takes the tenant as its first argument and checks it against the connection's
   * label itself (PostgreSQL functions of the migrations, such as the assistant's index matches).
   */
  async tenantFunction<R>(name: string, args: unknown[]): Promise<R[]> {
    if (!/^[a-z_]+$/.test(name)) throw new Error(`unsafe function name ${name}`);
    const list = sql.join([this.tenantId, ...args]);
    return (await sql<R>`select * from ${sql.raw(name)}(${list})`.execute(this.db)).rows;
  }

  insertInto<T extends TenantTable>(table: T, rows: Row<T> | Row<T>[]): InsertQueryBuilder<DB, T, InsertResult> {
    const list = (Array.isArray(rows) ? rows : [rows]).map((r) => ({ ...r, tenant_id: this.tenantId }));
    return this.db.insertInto(table).values(list as unknown as Insertable<DB[T]>[]);
  }

  updateTable<T extends TenantTable>(table: T): UpdateQueryBuilder<DB, T, T, UpdateResult> {
    return (this.db.updateTable(table) as unknown as UpdateQueryBuilder<DB, 'users', 'users', UpdateResult>).where(
      'tenant_id',
      '=',
      this.tenantId,
    ) as unknown as UpdateQueryBuilder<DB, T, T, UpdateResult>;
  }

  deleteFrom<T extends TenantTable>(table: T): DeleteQueryBuilder<DB, T, DeleteResult> {
    return (this.db.deleteFrom(table) as unknown as DeleteQueryBuilder<DB, 'users', DeleteResult>).where(
      'tenant_id',
      '=',
      this.tenantId,
    ) as unknown as DeleteQueryBuilder<DB, T, DeleteResult>;
  }

  /**
   * Runs a query built once per shape `key` (prepared-query.ts): `build` gets a TenantDb whose tenant is a
   * placeholder and uses param(name) for every value that varies; `values` fills them this time.
   */
  async prepared<R>(
    key: string,
    build: (tdb: TenantDb) => Compilable<R>,
    values: Record<string, unknown>,
  ): Promise<QueryResult<R>> {
    const q = fill(this.db, key, () => build(new TenantDb(param('tenant'), this.db)), values, this.tenantId);
    return this.db.executeQuery(q);
  }

  /**
   * `prepared`'s query read on a reader thread (db/reader-threads.ts), outside transactions only: its rows, or with
   * `shape` what that module makes of them there.
   */
  readPrepared<R>(
    readers: ReaderThreads,
    key: string,
    build: (tdb: TenantDb) => Compilable<R>,
    values: Record<string, unknown>,
  ): Promise<R[]>;
  readPrepared<R, A>(
    readers: ReaderThreads,
    key: string,
    build: (tdb: TenantDb) => Compilable<R>,
    values: Record<string, unknown>,
    shape: ReaderShape,
  ): Promise<A>;
  readPrepared<R>(
    readers: ReaderThreads,
    key: string,
    build: (tdb: TenantDb) => Compilable<R>,
    values: Record<string, unknown>,
    shape?: ReaderShape,
  ): Promise<unknown> {
    const q = fill(this.db, key, () => build(new TenantDb(param('tenant'), this.db)), values, this.tenantId);
    return shape
      ? readers.shaped(q.sql, q.parameters, shape, this.tenantId)
      : readers.all<R>(q.sql, q.parameters, this.tenantId);
  }

  /**
   * Runs prepared writes (`prepared` for each) as one batch: on PostgreSQL one statement. Answers how many rows each
   * affected; see prepared-query.ts for when it stops early.
   */
  writeBatch(parts: TenantWrite[], values: Record<string, unknown>): Promise<number[]> {
    const builder = new TenantDb(param('tenant'), this.db);
    return writeBatch(
      this.db,
      parts.map((p) => ({ ...p, build: () => p.build(builder) })),
      values,
      this.tenantId,
    );
  }

  /** Runs fn in one database transaction; everything done through the given TenantDb commits or rolls back together. */
  transaction<R>(fn: (tx: TenantDb) => Promise<R>): Promise<R> {
    return this.db.transaction().execute((trx) => fn(new TenantDb(this.tenantId, trx, this.origin)));
  }
}
