import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import type { Kysely } from 'kysely';
import { reportRoutes } from './routes.js';
import { ReportIndexer } from './indexes.js';

/**
 * Reports: grouped figures, pivots, drills and streamed exports over one app's records, always as the viewer (the
 * access module decides which records count and which fields may be read), and saved reports shared by role, team
 * or user.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  async register(app, ctx) {
    const indexer = new ReportIndexer(() => ctx.db.system as unknown as Kysely<unknown>, ctx.db.dialect, ctx.log);
    reportRoutes(typed(app), ctx.db.dialect, indexer);
  },
});
