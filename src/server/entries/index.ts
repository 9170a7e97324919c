import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { fieldIndexerFor } from './indexer-for.js';
import { entryRoutes } from './routes.js';
import { LIST_ROWS } from './list.js';

/** The record lists, deletes, comments and summary of the staff's work surfaces. */
export const entriesFeature = defineFeature({
  name: 'entries',
  async register(app, ctx) {
    ctx.db.pageReaders?.preload(LIST_ROWS);
    entryRoutes(typed(app), {
      dialect: ctx.db.dialect,
      indexer: fieldIndexerFor(app, ctx),
      counter: (tenantId) => ctx.db.forTenant(tenantId),
      readers: ctx.db.pageReaders,
    });
  },
});
