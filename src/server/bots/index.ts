import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { secretKey } from '../crypto/secrets.js';
import { botRoutes } from './routes.js';
import { setBotKey } from './seal.js';

/**
 * Connect hub: bots for outside services (Companies House, e-commerce stores; travel management shown disabled),
 * each with per-tenant licences, variables (secrets sealed) and usage counted per day.
 */
export const botsFeature = defineFeature({
  name: 'bots',
  async register(app, ctx) {
    setBotKey(secretKey(ctx.config));
    botRoutes(typed(app));
  },
});
