import cookie from '@fastify/cookie';
import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { authRoutes } from './routes-auth.js';
import { twoFactorRoutes } from './routes-2fa.js';
import { manageRoutes } from './routes-manage.js';
import { organizationRoutes } from './routes-organization.js';
import { resetRoutes } from './routes-reset.js';
import { sessionRoutes } from './routes-session.js';
import { ssoBrowserRoutes } from './sso/routes-browser.js';
import { ssoRoutes } from './sso/routes.js';

/**
 * Sign-in (password, second factor, single sign-on), sessions, the user's own account and the tenant's security
 * policy. The auth guard every other feature relies on lives here too (guard.ts), installed by app.ts. Cookies
 * (second-factor marker, remembered machine, SSO state and ticket) are parsed only in this feature's scope.
 */
export const identityFeature = defineFeature({
  name: 'identity',
  register: async (app, ctx) => {
    await app.register(async (scope) => {
      await scope.register(cookie);
      const api = typed(scope);
      authRoutes(api, ctx);
      sessionRoutes(api, ctx);
      twoFactorRoutes(api, ctx);
      manageRoutes(api, ctx);
      organizationRoutes(api, ctx);
      resetRoutes(api, ctx);
      ssoRoutes(api, ctx);
      await ssoBrowserRoutes(api, ctx);
    });
  },
});
