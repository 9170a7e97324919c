import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { automationRoutes } from './routes.js';
import { AutomationScheduler } from './scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's automation runner (tests call `tick` to run what is due at a chosen time). */
    automations: AutomationScheduler;
  }
}

/** Robotic automation: triggers and step plugins, run once across nodes by a database lease, with an execution log. */
export const automationsFeature = defineFeature({
  name: 'automations',
  async register(app, ctx) {
    const scheduler = new AutomationScheduler(ctx.db, ctx.log);
    app.decorate('automations', scheduler);
    if (ctx.config.scheduler) scheduler.start(ctx.config.schedulerIntervalMs);
    app.addHook('onClose', () => scheduler.stop());
    automationRoutes(typed(app), ctx.db.system, scheduler.node);
  },
});
