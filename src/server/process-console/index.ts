import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { processConsoleRoutes } from './routes.js';
import { JobWorker } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's bulk job worker (tests call `pass` to work jobs at once). */
    processJobs: JobWorker;
  }
}

/**
 * The process console (system administrators): every workflow instance across apps with its history, the engine's
 * repair operations (engine/admin-actions.ts), bulk jobs worked in batches (worker.ts), the process dashboard and
 * Elsa import and export of workflow definitions.
 */
export const processConsoleFeature = defineFeature({
  name: 'processConsole',
  async register(app, ctx) {
    const worker = new JobWorker(ctx.db, ctx.transitions, ctx.log);
    app.decorate('processJobs', worker);
    processConsoleRoutes(typed(app), ctx, () => worker.kick());
    if (ctx.config.outboxWorker) {
      worker.start();
      app.addHook('onClose', async () => worker.stop());
    }
  },
});
