import path from 'node:path';
import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { fileRoutes } from './routes.js';
import { diskStore, type FileStore } from './store.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { removeOrphanFiles } from './orphans.js';

const HOUR = 3_600_000;
/** Uploads not attached to any saved record within this time are removed. */
export const ORPHAN_AGE_MS = 24 * HOUR;

/**
 * Attachments: upload, download and removal of files (S3 when configured, else DATA_DIR/files), and an hourly sweep
 * of uploads never attached to a record.
 */
export const filesFeature = defineFeature({
  name: 'files',
  async register(app, ctx) {
    const s3 = ctx.config.s3;
    // The AWS SDK is loaded only when S3 is configured: it is large and disk setups never need it.
    const store: FileStore = s3
      ? (await import('./s3-store.js')).s3Store(s3)
      : diskStore(path.join(ctx.config.dataDir, 'files'));
    const sweep = async () => {
      const before = new Date(Date.now() - ORPHAN_AGE_MS);
      const tenants = await ctx.db.system.selectFrom('tenants').select('id').execute();
      for (const { id } of tenants) await removeOrphanFiles(new TenantDb(id, ctx.db.forTenant(id)), store, before);
    };
    const timer = setInterval(() => void sweep().catch((err: unknown) => ctx.log.warn({ err }, 'orphan files')), HOUR);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      store.close?.();
    });
    await fileRoutes(typed(app), {
      store,
      maxBytes: ctx.config.fileMaxBytes,
      tenantMaxBytes: ctx.config.fileTenantMaxBytes,
    });
  },
});
