import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { secretKey } from '../crypto/secrets.js';
import { WebhookDispatcher } from './dispatcher.js';
import { webhookRoutes } from './routes.js';
import { openWebhookSecret, setWebhookKey } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's webhook sender (tests call `drain` to send what is due now). */
    webhooks: WebhookDispatcher;
  }
}

/**
 * Webhooks: record events fanned out by the outbox into deliveries (fanout.ts, registered with the outbox handlers),
 * sent with Standard Webhooks signatures and retried for more than a day by the dispatcher on every node that
 * delivers the outbox (main.ts starts it; tests drain it).
 */
export const webhooksFeature = defineFeature({
  name: 'webhooks',
  async register(app, ctx) {
    setWebhookKey(secretKey(ctx.config));
    const dispatcher = new WebhookDispatcher(ctx.db, openWebhookSecret, ctx.log, ctx.config.webhooks);
    app.decorate('webhooks', dispatcher);
    app.addHook('onClose', () => dispatcher.stop());
    webhookRoutes(typed(app), () => void dispatcher.tick().catch(() => 0));
  },
});
