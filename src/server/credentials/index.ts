import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { secretKey } from '../crypto/secrets.js';
import { securityHeaderRoutes } from './routes.js';
import { setCredentialKey } from './service.js';

/** Security headers: named credential sets, sealed at rest, that remote lookups (and connectors) send. */
export const credentialsFeature = defineFeature({
  name: 'credentials',
  async register(app, ctx) {
    setCredentialKey(secretKey(ctx.config));
    securityHeaderRoutes(typed(app));
  },
});
