import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { fileRoutes } from './routes.js';
import { diskStore, type FileStore } from './store.js';

/** Attachments: upload, download and removal of files (S3 when configured, else DATA_DIR/files). */
export async function filesFeature(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const s3 = ctx.config.s3;
  // The AWS SDK is loaded only when S3 is configured: it is large and disk setups never need it.
  const store: FileStore = s3
    ? (await import('./s3-store.js')).s3Store(s3)
    : diskStore(path.join(ctx.config.dataDir, 'files'));
  app.addHook('onClose', async () => store.close?.());
  await fileRoutes(app, ctx, store);
}
