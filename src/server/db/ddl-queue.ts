/** Runs a schema change after every one queued before it (see ddlQueueFor). */
export type DdlQueue = <T>(change: () => Promise<T>) => Promise<T>;

/** A queue of its own: each change starts when the one before has settled, whether it built or failed. */
export function ddlQueue(): DdlQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(change: () => Promise<T>) => {
    const run = tail.then(change);
    tail = run.catch(() => undefined);
    return run;
  };
}

const queues = new WeakMap<object, DdlQueue>();

/**
 * The one queue of schema changes for a database (keyed by its handle), shared by every builder of indexes and
 * columns on its tables: the list's field indexes, lookups' search indexes and reports' stored columns. PostgreSQL's
 * concurrent builds of expression indexes on one table each wait for the other's snapshot until one fails as a
 * deadlock, and a column added meanwhile waits behind the build; one at a time, none of that happens in a node.
 */
export function ddlQueueFor(db: object): DdlQueue {
  let q = queues.get(db);
  if (!q) queues.set(db, (q = ddlQueue()));
  return q;
}
