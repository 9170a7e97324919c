import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { scheduleLeases } from './queries.js';
import { schedulerRoutes } from './routes.js';
import { Scheduler } from './runner.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's schedule runner (tests call `tick` to run due schedules at a chosen time). */
    scheduler: Scheduler;
  }
}

/** Schedules that create records on a cron-style timetable, run once across nodes by a database lease. */
export const schedulerFeature = defineFeature({
  name: 'scheduler',
  async register(app, ctx) {
    const scheduler = new Scheduler(ctx.db, ctx.log);
    app.decorate('scheduler', scheduler);
    if (ctx.config.scheduler) scheduler.start(ctx.config.schedulerIntervalMs);
    app.addHook('onClose', () => scheduler.stop());
    schedulerRoutes(typed(app), scheduleLeases(ctx.db.system));
  },
});
