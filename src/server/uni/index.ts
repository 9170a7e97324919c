import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { secretKey } from '../crypto/secrets.js';
import { uniRoutes } from './routes.js';
import { setUniKey } from './seal.js';

/**
 * The assistant Uni: threads per user, answers from the passages the user may read (uni-index), written by the
 * tenant's OpenAI-compatible endpoint when one is configured, drafts of changes, usage per user and day.
 */
export const uniFeature = defineFeature({
  name: 'uni',
  async register(app, ctx) {
    setUniKey(secretKey(ctx.config));
    uniRoutes(typed(app));
  },
});
