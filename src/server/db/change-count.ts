import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';

/**
 * A count of database changes made by this process (and, through the change feed, by other nodes). Anything that
 * may have changed what a read returns moves it on: every statement that is not a plain select, every commit,
 * rollback and rollback to a savepoint. A result computed while the count stood at n is still true while it stands
 * at n, which is what lets answers be reused without a time to live.
 */
let count = 0;
/** Counts shared with other threads of this process (the engine's writer thread): their changes count here too. */
const shared: Int32Array[] = [];
const listeners = new Set<() => void>();
/** False while changes made by other nodes might go unheard (the change feed is down): reuse nothing then. */
let coherent = true;

export function changeCount() {
  let n = count;
  for (const s of shared) n += Atomics.load(s, 0);
  return n;
}

/** Shares a count with another thread: changes on either side move it, both see it at once. */
export function shareChangeCount(buffer: SharedArrayBuffer): () => void {
  const s = new Int32Array(buffer);
  shared.push(s);
  return () => void shared.splice(shared.indexOf(s), 1);
}
export const resultsReusable = () => coherent;

export function setCoherent(value: boolean) {
  coherent = value;
  count++;
}

const unnoted = new AsyncLocalStorage<true>();
let unnotedRuns = 0;

/**
 * Runs fn, whose writes go only to tables no kept answer reads (the audit sealer's chain links and queue), without
 * moving the count: a record write is followed seconds later by its audit entry's sealing, which otherwise dropped
 * every report and list answer computed in between. Only fn's own statements are affected (an async context).
 */
export async function withoutNotingChanges<T>(fn: () => Promise<T>): Promise<T> {
  unnotedRuns += 1;
  try {
    return await unnoted.run(true, fn);
  } finally {
    // While an async context is in use, Node 20 runs a hook on every promise and socket of the process (measured:
    // an awaited promise costs 2.5 times as much), so it is switched off again once no run is in flight.
    unnotedRuns -= 1;
    if (unnotedRuns === 0) unnoted.disable();
  }
}

/** Something changed here: move the count on and tell the listeners (the change feed to other nodes). */
export function noteChange() {
  if (unnoted.getStore()) return;
  count++;
  for (const s of shared) Atomics.add(s, 0, 1);
  for (const l of listeners) l();
}

/** Another node changed something: move the count on without echoing it back. */
export function noteRemoteChange() {
  count++;
}

export function onLocalChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** A plain select (a `with` clause could hide a write: counted as one). Raw SQL must not select a writing function. */
export const isRead = (q: CompiledQuery) =>
  (q.query.kind === 'SelectQueryNode' && !q.query.with) || (q.query.kind === 'RawNode' && /^\s*select\b/i.test(q.sql));

/** A connection that notes every statement that may write. Stable per inner connection, so it can key maps. */
class CountingConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(q);
    } finally {
      if (!isRead(q)) noteChange();
    }
  }
  streamQuery<R>(q: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (!isRead(q)) noteChange();
    return this.inner.streamQuery<R>(q, chunkSize);
  }
}

/** Wraps a driver so that every change through it moves the change count on. */
export class ChangeCountingDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, CountingConnection>();
  constructor(private readonly inner: Driver) {}

  private wrap(c: DatabaseConnection) {
    let w = this.wrapped.get(c);
    if (!w) this.wrapped.set(c, (w = new CountingConnection(c)));
    return w;
  }
  private static unwrap(c: DatabaseConnection) {
    return c instanceof CountingConnection ? c.inner : c;
  }

  init() {
    return this.inner.init();
  }
  async acquireConnection() {
    return this.wrap(await this.inner.acquireConnection());
  }
  beginTransaction(c: DatabaseConnection, s: TransactionSettings) {
    return this.inner.beginTransaction(ChangeCountingDriver.unwrap(c), s);
  }
  async commitTransaction(c: DatabaseConnection) {
    try {
      await this.inner.commitTransaction(ChangeCountingDriver.unwrap(c));
    } finally {
      noteChange();
    }
  }
  async rollbackTransaction(c: DatabaseConnection) {
    try {
      await this.inner.rollbackTransaction(ChangeCountingDriver.unwrap(c));
    } finally {
      noteChange();
    }
  }
  savepoint(c: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    return this.inner.savepoint!(ChangeCountingDriver.unwrap(c), name, compile);
  }
  async rollbackToSavepoint(
    c: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ) {
    try {
      await this.inner.rollbackToSavepoint!(ChangeCountingDriver.unwrap(c), name, compile);
    } finally {
      noteChange();
    }
  }
  releaseSavepoint(c: DatabaseConnection, name: string, compile: Parameters<NonNullable<Driver['savepoint']>>[2]) {
    return this.inner.releaseSavepoint!(ChangeCountingDriver.unwrap(c), name, compile);
  }
  releaseConnection(c: DatabaseConnection) {
    return this.inner.releaseConnection(ChangeCountingDriver.unwrap(c));
  }
  destroy() {
    return this.inner.destroy();
  }
}
