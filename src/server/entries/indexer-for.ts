import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { DB } from '../db/schema.js';
import { openOwnerDatabase } from '../db/database.js';
import { FieldIndexer } from './indexes.js';
import { sqliteDdlInBackground } from '../db/background-ddl.js';

/**
 * A feature's builder of record indexes, on the owner connection (PostgreSQL: concurrently), opened on first need
 * and closed with the app; on SQLite on a thread of its own under the shared write lock.
 */
export function fieldIndexerFor(app: FastifyInstance, ctx: AppContext): FieldIndexer {
  let owner: Kysely<DB> | undefined;
  const ownerDb = () => (ctx.db.dialect === 'sqlite' ? ctx.db.system : (owner ??= openOwnerDatabase(ctx.config)));
  app.addHook('onClose', async () => {
    await owner?.destroy();
  });
  const lock = ctx.db.writeLock;
  const file = path.join(ctx.config.dataDir, 'flowforms.sqlite');
  const background = lock ? (statements: string[]) => sqliteDdlInBackground(file, lock, statements) : undefined;
  return new FieldIndexer(() => ownerDb() as unknown as Kysely<unknown>, ctx.db.dialect, ctx.log, background);
}
