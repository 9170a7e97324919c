import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { auditRoutes } from './routes.js';
import { AuditSealer } from './sealer.js';
import { onAudited } from './trail.js';

export { audit } from './trail.js';
export { recordChanges, settingsChanges } from './diff.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's audit sealer (tests call `sealAll` to chain what was written). */
    auditSealer: AuditSealer;
  }
}

/**
 * The audit trail: entries appended by one-line audit() calls in other features (trail.ts), chained and sealed off
 * the hot path (sealer.ts, chain.ts), read by system administrators at /api/audittrail, verified by
 * `npm run audit-trail -- verify`. Who acted and from where come from the request behind the TenantDb.
 */
export const auditFeature = defineFeature({
  name: 'audit',
  async register(app, ctx) {
    const sealer = new AuditSealer(ctx.db, ctx.log);
    app.decorate('auditSealer', sealer);
    const off = onAudited((tenantId) => sealer.mark(tenantId));
    sealer.start();
    app.addHook('onClose', async () => {
      off();
      await sealer.stop();
    });
    auditRoutes(typed(app));
  },
});
