import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { TenantResolver } from './tenancy/resolve.js';
import type { SigningKeys } from './identity/keys.js';
import type { OutboxWorker } from './outbox/worker.js';
import type { TaskHub } from './hub/hub.js';
import type { GroupCommitter } from './db/group-commit.js';
import type { TransitionRunner } from './engine/transitions.js';

/** Process-wide services handed to every feature module. */
export interface AppContext {
  config: Config;
  db: Database;
  tenants: TenantResolver;
  log: FastifyBaseLogger;
  keys: SigningKeys;
  /** Delivers side effects written to the outbox; started by main, drained by hand in tests. */
  outbox: OutboxWorker;
  /** Realtime messages to signed-in users, across nodes when REDIS_URL is set. */
  hub: TaskHub;
  /** SQLite only: transactions that share commits (one fsync for many); absent on PostgreSQL. */
  group?: GroupCommitter;
  /** Runs workflow actions (submit, approve, ...): on SQLite on the engine's writer thread. */
  transitions: TransitionRunner;
}
