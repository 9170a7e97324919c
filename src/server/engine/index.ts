import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { engineRoutes } from './routes.js';
import { taskRoutes } from '../tasks/routes.js';
import { startReminders } from './reminders.js';

/** The workflow engine's actions under /api/EntryModule and the task lists under /api/Task. */
export async function engineFeature(app: FastifyInstance, ctx: AppContext) {
  await engineRoutes(app, ctx);
  await taskRoutes(app, ctx);
  // Nodes that deliver the outbox also sweep reminders (claims make a second node harmless).
  if (ctx.config.outboxWorker) {
    const stopReminders = startReminders(ctx.db, ctx.log);
    app.addHook('onClose', async () => stopReminders());
  }
}
