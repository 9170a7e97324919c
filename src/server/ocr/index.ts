import path from 'node:path';
import { closeOcrProviders } from '../../../runtime/ocr-registry-node.js';
import { secretKey } from '../crypto/secrets.js';
import { defineFeature } from '../feature.js';
import { diskStore, type FileStore } from '../files/store.js';
import { typed } from '../http/api.js';
import { OcrEngine } from './engine.js';
import { ocrRoutes } from './routes.js';

/**
 * OCR: documents uploaded on a form are read by the app's provider plugin (plugins/ocr/<id>/) in the background,
 * two at a time; their page images live in the file store (S3 when configured, else DATA_DIR/ocr).
 */
export const ocrFeature = defineFeature({
  name: 'ocr',
  async register(app, ctx) {
    const s3 = ctx.config.s3;
    const store: FileStore = s3
      ? (await import('../files/s3-store.js')).s3Store(s3)
      : diskStore(path.join(ctx.config.dataDir, 'ocr'));
    const key = secretKey(ctx.config);
    const engine = new OcrEngine({ db: ctx.db, store, key, log: ctx.log, concurrency: 2 });
    app.addHook('onClose', async () => {
      engine.close();
      await closeOcrProviders();
      store.close?.();
    });
    await ocrRoutes(typed(app), engine, key);
  },
});
