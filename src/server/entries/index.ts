import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { openOwnerDatabase } from '../db/database.js';
import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { FieldIndexer } from './indexes.js';
import { entryRoutes } from './routes.js';

/** The record lists, deletes, comments and summary of the staff's work surfaces. */
export const entriesFeature = defineFeature({
  name: 'entries',
  async register(app, ctx) {
    // List indexes are built on the owner connection (PostgreSQL: concurrently), opened on first need.
    let owner: Kysely<DB> | undefined;
    const ownerDb = () => (ctx.db.dialect === 'sqlite' ? ctx.db.system : (owner ??= openOwnerDatabase(ctx.config)));
    app.addHook('onClose', async () => {
      await owner?.destroy();
    });
    const indexer = new FieldIndexer(() => ownerDb() as unknown as Kysely<unknown>, ctx.db.dialect, ctx.log);
    entryRoutes(typed(app), {
      dialect: ctx.db.dialect,
      indexer,
      counter: (tenantId) => ctx.db.forTenant(tenantId),
    });
  },
});
