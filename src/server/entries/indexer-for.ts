import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context.js';
import type { DB } from '../db/schema.js';
import { openOwnerDatabase } from '../db/database.js';
import { FieldIndexer } from './indexes.js';
import { backgroundDdlFor } from '../db/background-ddl.js';
import { ddlQueueFor } from '../db/ddl-queue.js';

/**
 * A feature's builder of record indexes, on the owner connection (PostgreSQL: concurrently), opened on first need
 * and closed with the app; on SQLite on a thread of its own under the shared write lock. Every such builder of one
 * database shares its queue of schema changes.
 */
export function fieldIndexerFor(app: FastifyInstance, ctx: AppContext): FieldIndexer {
  let owner: Kysely<DB> | undefined;
  const ownerDb = () => (ctx.db.dialect === 'sqlite' ? ctx.db.system : (owner ??= openOwnerDatabase(ctx.config)));
  app.addHook('onClose', async () => {
    await owner?.destroy();
  });
  return new FieldIndexer(
    () => ownerDb() as unknown as Kysely<unknown>,
    ctx.db.dialect,
    ctx.log,
    backgroundDdlFor(ctx),
    ddlQueueFor(ctx.db),
  );
}
