import path from 'node:path';
import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { fileRoutes } from './routes.js';
import { diskStore, type FileStore } from './store.js';

/** Attachments: upload, download and removal of files (S3 when configured, else DATA_DIR/files). */
export const filesFeature = defineFeature({
  name: 'files',
  async register(app, ctx) {
    const s3 = ctx.config.s3;
    // The AWS SDK is loaded only when S3 is configured: it is large and disk setups never need it.
    const store: FileStore = s3
      ? (await import('./s3-store.js')).s3Store(s3)
      : diskStore(path.join(ctx.config.dataDir, 'files'));
    app.addHook('onClose', async () => store.close?.());
    await fileRoutes(typed(app), { store, maxBytes: ctx.config.fileMaxBytes });
  },
});
