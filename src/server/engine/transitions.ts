import type { Database } from '../db/database.js';
import type { GroupCommitter } from '../db/group-commit.js';
import type { AuthUser } from '../identity/user-info.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { remind, restart, submit, withdraw } from './actions.js';
import { approve, goBack, reassign, reassignTasks } from './task-actions.js';
import { actorFor } from './reads.js';
import { inTransaction } from './write.js';
import { retryStep, settleCall, type SettleCallInput } from './calls.js';
import * as admin from './admin-actions.js';
import type {
  ApproveInput,
  GoBackInput,
  ReassignInput,
  ReassignTasksInput,
  RecordActionInput,
  ReminderInput,
  SubmitInput,
} from './schemas.js';

type Transition<P> = (tx: TenantDb, user: AuthUser, p: P) => Promise<unknown>;
type Tx = TenantDb;
type User = AuthUser;

/** approve's accepted may come from the query string ('true'/'false'). */
const bool = <V>(v: V): V | boolean => (v === 'true' ? true : v === 'false' ? false : v);

/**
 * Every workflow action by name, with plain data in and out: what a route hands over (the caller and the request's
 * parameters, already checked against the route's schema) crosses to the engine's writer thread unchanged.
 */
export const TRANSITIONS = {
  submit: async (tx: Tx, user: User, p: SubmitInput) => submit(tx, user, await actorFor(tx, user), p),
  // Actions on a task read the caller with the task, in one statement.
  approve: (tx: Tx, user: User, p: ApproveInput) => approve(tx, user, { ...p, accepted: bool(p.accepted) }),
  reassignment: (tx: Tx, user: User, p: ReassignInput) => reassign(tx, user, p, false),
  reassignmentByAdmin: (tx: Tx, user: User, p: ReassignInput) => reassign(tx, user, p, true),
  reassigntasks: (tx: Tx, user: User, p: ReassignTasksInput) => reassignTasks(tx, user, p),
  goback: (tx: Tx, user: User, p: GoBackInput) => goBack(tx, user, p),
  withdraw: async (tx: Tx, user: User, p: RecordActionInput) => withdraw(tx, user, await actorFor(tx, user), p),
  reminder: async (tx: Tx, user: User, p: ReminderInput) => remind(tx, user, await actorFor(tx, user), p),
  restart: async (tx: Tx, user: User, p: RecordActionInput) => restart(tx, user, await actorFor(tx, user), p),
  retrystep: async (tx: Tx, user: User, p: RecordActionInput) => retryStep(tx, user, await actorFor(tx, user), p),
  // The step runner's answer to a connector call (the platform acts: no user's rights are involved).
  settleCall: (tx: Tx, _user: User, p: SettleCallInput) => settleCall(tx, p),
  // The process console's operations (system administrators; admin-actions.ts).
  consoleRetry: admin.retryFaulted,
  consoleCancel: admin.cancelProcess,
  consoleMove: admin.moveToStep,
  consoleReassign: admin.reassignProcess,
  consoleMigrate: admin.migrateProcess,
};

export type TransitionName = keyof typeof TRANSITIONS;
export type TransitionInput<N extends TransitionName> = Parameters<(typeof TRANSITIONS)[N]>[2];
export type TransitionResult<N extends TransitionName> = Awaited<ReturnType<(typeof TRANSITIONS)[N]>>;

/** Runs workflow actions, each as one transaction (or one savepoint of a shared commit), wherever they execute. */
export interface TransitionRunner {
  run<N extends TransitionName>(
    name: N,
    tenantId: string,
    user: AuthUser,
    params: TransitionInput<N>,
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
      const transition = TRANSITIONS[name] as Transition<typeof params>;
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
