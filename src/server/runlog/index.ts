import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { runLogRoutes } from './routes.js';
import { purgeRunLog } from './service.js';

/**
 * One log of calls to other systems (connector calls and webhook attempts), written by connectors/run.ts and the
 * webhook dispatcher, read at /api/runlog/datatables, and forgotten after RUN_LOG_DAYS by an hourly sweep.
 */
export const runLogFeature = defineFeature({
  name: 'runlog',
  async register(app, ctx) {
    runLogRoutes(typed(app));
    const sweep = async () => {
      const tenants = await ctx.db.system.selectFrom('tenants').select('id').execute();
      for (const { id } of tenants) await purgeRunLog(new TenantDb(id, ctx.db.forTenant(id)), ctx.config.runLogDays);
    };
    const timer = setInterval(
      () => void sweep().catch((err: unknown) => ctx.log.warn({ err }, 'run log sweep')),
      3_600_000,
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
});
