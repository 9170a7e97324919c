import { defineFeature } from '../feature.js';
import { ddlQueueFor } from '../db/ddl-queue.js';
import { backgroundDdlFor } from '../db/background-ddl.js';
import { typed } from '../http/api.js';
import type { Kysely } from 'kysely';
import { reportRoutes } from './routes.js';
import { ReportIndexer } from './indexes.js';
import { StoredColumns } from './stored-columns.js';
import { openOwnerDatabase } from '../db/database.js';
import { mailingRoutes } from './mailing/routes.js';
import { ReportMailer } from './mailing/scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's report mailer (tests call `tick` to mail what is due at a chosen time). */
    reportMailer: ReportMailer;
  }
}

/**
 * Reports: grouped figures, pivots, drills and streamed exports over one app's records, always as the viewer (the
 * access module decides which records count and which fields may be read), and saved reports shared by role, team
 * or user. Saved reports can be mailed on a schedule (mailing/), run as the schedule's owner.
 */
export const reportsFeature = defineFeature({
  name: 'reports',
  async register(app, ctx) {
    // PostgreSQL: the table owner adds stored columns and builds indexes (opened on first need).
    let owner: Kysely<unknown> | undefined;
    app.addHook('onClose', async () => {
      await owner?.destroy();
    });
    const stored =
      ctx.db.dialect === 'postgres'
        ? new StoredColumns(
            () => (owner ??= openOwnerDatabase(ctx.config) as unknown as Kysely<unknown>),
            () => ctx.db.system as unknown as Kysely<unknown>,
            ctx.log,
            ddlQueueFor(ctx.db),
          )
        : undefined;
    // SQLite: covering indexes are built by a thread of their own, under the shared write lock.
    const background = backgroundDdlFor(ctx);
    const indexer = new ReportIndexer(
      () => ctx.db.system as unknown as Kysely<unknown>,
      ctx.db.dialect,
      ctx.log,
      stored,
      background,
    );
    reportRoutes(typed(app), ctx.db, indexer);
    const mailer = new ReportMailer(ctx.db, ctx.log);
    app.decorate('reportMailer', mailer);
    if (ctx.config.scheduler) mailer.start(ctx.config.schedulerIntervalMs);
    app.addHook('onClose', () => mailer.stop());
    mailingRoutes(typed(app), ctx.db.system);
  },
});
