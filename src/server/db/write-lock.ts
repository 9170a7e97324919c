import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { isRead } from './change-count.js';

/**
 * The write lock of one SQLite file shared by two threads of this process (the main thread and the engine's writer
 * thread), each with its own connection. SQLite's own lock would make a waiting thread sleep in its busy handler,
 * which on the main thread stops every request; this one is waited for asynchronously, and it takes turns: a side
 * that has just held it lets the other in first when the other is waiting.
 *
 * Layout (Int32): [0] holder (0 = free, else side + 1), [1] side 0 waiting, [2] side 1 waiting.
 */
export type LockSide = 0 | 1;

const HOLDER = 0;
/** How long a polite side waits for the other to take its turn before it tries again anyway. */
const TURN_WAIT_MS = 20;
/** A wait wakes up at least this often to look again (a missed wake-up costs at most this). */
const RECHECK_MS = 50;

function wait(cells: Int32Array, index: number, value: number, ms: number): Promise<unknown> {
  const r = Atomics.waitAsync(cells, index, value, ms);
  return r.async ? r.value : Promise.resolve(r.value);
}

export class WriteLock {
  private readonly cells: Int32Array;
  private readonly me: number;
  private readonly other: LockSide;

  constructor(
    readonly buffer: SharedArrayBuffer,
    readonly side: LockSide,
  ) {
    this.cells = new Int32Array(buffer);
    this.me = side + 1;
    this.other = side === 0 ? 1 : 0;
  }

  static create(): SharedArrayBuffer {
    return new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  }

  async acquire(): Promise<void> {
    const c = this.cells;
    const otherWants = 1 + this.other;
    // Taking turns: a side that finds the other waiting lets it have the lock first.
    if (Atomics.load(c, otherWants) === 1) await wait(c, otherWants, 1, TURN_WAIT_MS);
    Atomics.store(c, 1 + this.side, 1);
    try {
      for (;;) {
        const holder = Atomics.compareExchange(c, HOLDER, 0, this.me);
        if (holder === 0) break;
        await wait(c, HOLDER, holder, RECHECK_MS);
      }
    } finally {
      Atomics.store(c, 1 + this.side, 0);
      Atomics.notify(c, 1 + this.side);
    }
  }

  release(): void {
    if (Atomics.compareExchange(this.cells, HOLDER, this.me, 0) !== this.me) return;
    Atomics.notify(this.cells, HOLDER);
  }

  /** The other side is gone (its thread ended): whatever it held or waited for is given up. */
  releaseOther(): void {
    Atomics.store(this.cells, 1 + this.other, 0);
    Atomics.notify(this.cells, 1 + this.other);
    if (Atomics.compareExchange(this.cells, HOLDER, this.other + 1, 0) === this.other + 1)
      Atomics.notify(this.cells, HOLDER);
  }
}

type Compile = Parameters<NonNullable<Driver['savepoint']>>[2];

class LockedConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: LockedWritesDriver,
  ) {}
  executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this.inner, q);
  }
  streamQuery<R>(q: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(q, chunkSize);
  }
}

/**
 * SQLite's one connection of a thread, writing under the shared lock: a transaction holds it from begin to commit or
 * rollback (and begins immediate, so a foreign process's writer is waited for at the start, never mid-way); a write
 * outside a transaction holds it for that statement.
 */
export class LockedWritesDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, LockedConnection>();
  private inTransaction = false;

  constructor(
    private readonly inner: Driver,
    private readonly lock: WriteLock,
  ) {}

  async execute<R>(c: DatabaseConnection, q: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction || isRead(q)) return c.executeQuery<R>(q);
    await this.lock.acquire();
    try {
      return await c.executeQuery<R>(q);
    } finally {
      this.lock.release();
    }
  }

  private static unwrap(c: DatabaseConnection) {
    return c instanceof LockedConnection ? c.inner : c;
  }
  private end() {
    this.inTransaction = false;
    this.lock.release();
  }

  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    const c = await this.inner.acquireConnection();
    let w = this.wrapped.get(c);
    if (!w) this.wrapped.set(c, (w = new LockedConnection(c, this)));
    return w;
  }
  async beginTransaction(c: DatabaseConnection) {
    await this.lock.acquire();
    try {
      await LockedWritesDriver.unwrap(c).executeQuery(CompiledQuery.raw('begin immediate'));
      this.inTransaction = true;
    } catch (err) {
      this.lock.release();
      throw err;
    }
  }
  async commitTransaction(c: DatabaseConnection) {
    // A failed commit leaves the transaction open: the rollback that follows it ends it and releases the lock.
    await this.inner.commitTransaction(LockedWritesDriver.unwrap(c));
    this.end();
  }
  async rollbackTransaction(c: DatabaseConnection) {
    try {
      await this.inner.rollbackTransaction(LockedWritesDriver.unwrap(c));
    } finally {
      this.end();
    }
  }
  savepoint(c: DatabaseConnection, name: string, compile: Compile) {
    return this.inner.savepoint!(LockedWritesDriver.unwrap(c), name, compile);
  }
  rollbackToSavepoint(c: DatabaseConnection, name: string, compile: Compile) {
    return this.inner.rollbackToSavepoint!(LockedWritesDriver.unwrap(c), name, compile);
  }
  releaseSavepoint(c: DatabaseConnection, name: string, compile: Compile) {
    return this.inner.releaseSavepoint!(LockedWritesDriver.unwrap(c), name, compile);
  }
  releaseConnection(c: DatabaseConnection) {
    return this.inner.releaseConnection(LockedWritesDriver.unwrap(c));
  }
  destroy() {
    return this.inner.destroy();
  }
}
