import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { mlRoutes } from './routes.js';
import { retrainSweep } from './train.js';

/** How often the background sweep looks for stale models (after a publish, or RETRAIN_EVERY new records). */
const SWEEP_MS = 30_000;

/** Machine-learning services: value suggestions on the record form, models retrained in the background. */
export const mlFeature = defineFeature({
  name: 'ml',
  async register(app, ctx) {
    mlRoutes(typed(app));
    // Nodes that run background work retrain; a second node would only repeat the same training.
    if (!ctx.config.outboxWorker) return;
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      retrainSweep(ctx.db)
        .catch((err: unknown) => ctx.log.warn({ err }, 'ml retrain sweep failed'))
        .finally(() => (running = false));
    }, SWEEP_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
});
