import type { Database } from '../db/database.js';
import type { GroupCommitter } from '../db/group-commit.js';
import type { AuthUser } from '../identity/user-info.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import {
  actorFor,
  approve,
  goBack,
  inTransaction,
  reassign,
  reassignTasks,
  remind,
  restart,
  submit,
  withdraw,
} from './actions.js';

type Params = Record<string, unknown>;
type Transition = (tx: TenantDb, user: AuthUser, p: Params) => Promise<unknown>;

/** approve's accepted may come from the query string ('true'/'false'). */
const bool = (v: unknown): unknown => (v === 'true' ? true : v === 'false' ? false : v);

/**
 * Every workflow action by name, with plain data in and out: what a route hands over (the caller and the request's
 * parameters) crosses to the engine's writer thread unchanged.
 */
export const TRANSITIONS = {
  submit: async (tx, user, p) => submit(tx, user, await actorFor(tx, user), p),
  // Actions on a task read the caller with the task, in one statement.
  approve: (tx, user, p) => approve(tx, user, { ...p, accepted: bool(p.accepted) }),
  reassignment: (tx, user, p) => reassign(tx, user, p, false),
  reassignmentByAdmin: (tx, user, p) => reassign(tx, user, p, true),
  reassigntasks: (tx, user, p) => reassignTasks(tx, user, p),
  goback: (tx, user, p) => goBack(tx, user, p),
  withdraw: async (tx, user, p) => withdraw(tx, user, await actorFor(tx, user), p),
  reminder: async (tx, user, p) => remind(tx, user, await actorFor(tx, user), p),
  restart: async (tx, user, p) => restart(tx, user, await actorFor(tx, user), p),
} satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;
export type TransitionResult<N extends TransitionName> = Awaited<ReturnType<(typeof TRANSITIONS)[N]>>;

/** Runs workflow actions, each as one transaction (or one savepoint of a shared commit), wherever they execute. */
export interface TransitionRunner {
  run<N extends TransitionName>(
    name: N,
    tenantId: string,
    user: AuthUser,
    params: Params,
  ): Promise<TransitionResult<N>>;
  /** Gets ready now rather than on the first action (a thread of its own loads its code). */
  start(): void;
  close(): Promise<void>;
}

/**
 * Actions on this thread: on SQLite concurrent ones share commits (one fsync for many); on PostgreSQL each is its
 * own transaction.
 */
export function localTransitions(db: Database, group?: GroupCommitter): TransitionRunner {
  return {
    run(name, tenantId, user, params) {
      const transition: Transition = TRANSITIONS[name];
      const body = (tx: TenantDb) => transition(tx, user, params);
      const out = group
        ? group.run(tenantId, body)
        : inTransaction(new TenantDb(tenantId, db.forTenant(tenantId)), body);
      return out as Promise<TransitionResult<typeof name>>;
    },
    start: () => {},
    close: async () => {},
  };
}
