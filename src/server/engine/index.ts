import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { engineRoutes } from './routes.js';
import { startReminders } from './reminders.js';

/** The workflow engine's actions and activity history under /api/EntryModule, and the reminder sweep. */
export const engineFeature = defineFeature({
  name: 'engine',
  async register(app, ctx) {
    engineRoutes(typed(app), ctx);
    // Nodes that deliver the outbox also sweep reminders (claims make a second node harmless).
    if (ctx.config.outboxWorker) {
      const stopReminders = startReminders(ctx.db, ctx.log);
      app.addHook('onClose', async () => stopReminders());
    }
  },
});
