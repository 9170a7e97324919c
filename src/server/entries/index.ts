import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { fieldIndexerFor } from './indexer-for.js';
import { entryRoutes } from './routes.js';

/** The record lists, deletes, comments and summary of the staff's work surfaces. */
export const entriesFeature = defineFeature({
  name: 'entries',
  async register(app, ctx) {
    entryRoutes(typed(app), {
      dialect: ctx.db.dialect,
      indexer: fieldIndexerFor(app, ctx),
      counter: (tenantId) => ctx.db.forTenant(tenantId),
      readers: ctx.db.pageReaders,
    });
  },
});
