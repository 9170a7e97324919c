import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { TenantResolver } from './tenancy/resolve.js';
import type { SigningKeys } from './identity/keys.js';
import type { OutboxRunner } from './outbox/worker.js';
import type { TaskHub } from './hub/hub.js';
import type { TransitionRunner } from './engine/transitions.js';

/** Process-wide services handed to every feature module. */
export interface AppContext {
  config: Config;
  db: Database;
  tenants: TenantResolver;
  log: FastifyBaseLogger;
  keys: SigningKeys;
  /** Delivers side effects written to the outbox (on SQLite on the engine's writer thread); started by main, drained by hand in tests. */
  outbox: OutboxRunner;
  /** Realtime messages to signed-in users, across nodes when REDIS_URL is set. */
  hub: TaskHub;
  /** Runs workflow actions (submit, approve, ...): on SQLite on the engine's writer thread. */
  transitions: TransitionRunner;
}
