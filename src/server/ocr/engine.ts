import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { OcrPage } from '../../../schemas/api/ocr.js';
import { loadOcrRegistry } from '../../../runtime/ocr-registry-node.js';
import type { Database } from '../db/database.js';
import { egressFetch } from '../egress/fetch.js';
import type { FileStore } from '../files/store.js';
import { openSecret } from '../crypto/secrets.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { tokenRow, updateJob } from './queries.js';

export interface EngineDeps {
  db: Database;
  store: FileStore;
  key: Buffer;
  log: FastifyBaseLogger;
  /** Jobs read at once (the built-in provider's pool has as many workers). */
  concurrency: number;
}

interface Task {
  tenantId: string;
  jobId: string;
  providerId: string;
  language: string;
  /** The page images, in order (one for an image upload, one per page of a scanned PDF). */
  images: Buffer[];
  allowPrivate: boolean;
}

export const tokenContext = (tenantId: string, providerId: string) => `ocr-token:${tenantId}:${providerId}`;

/** The stored token of a provider: `{ token, endpoint }` sealed as JSON. */
export interface StoredToken {
  token: string;
  endpoint?: string;
}

export async function openToken(tdb: TenantDb, key: Buffer, providerId: string): Promise<StoredToken | undefined> {
  const row = await tokenRow(tdb, providerId);
  if (!row) return undefined;
  return JSON.parse(openSecret(row.token, key, tokenContext(tdb.tenantId, providerId))) as StoredToken;
}

/**
 * Runs OCR jobs in this process: `concurrency` at a time, the rest queued in order. A job's status moves queued →
 * running → done | failed in its row; a failure keeps the provider's message (never a stack). A job of a process
 * that stopped stays behind as queued/running and is shown as interrupted (service.ts).
 */
export class OcrEngine {
  private queue: Task[] = [];
  private running = 0;
  private closed = false;

  constructor(private readonly deps: EngineDeps) {}

  enqueue(task: Task): void {
    this.queue.push(task);
    this.pump();
  }

  get depth(): number {
    return this.queue.length + this.running;
  }

  private pump(): void {
    while (!this.closed && this.running < this.deps.concurrency && this.queue.length) {
      const task = this.queue.shift()!;
      this.running++;
      void this.run(task).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async run(t: Task): Promise<void> {
    const tdb = new TenantDb(t.tenantId, this.deps.db.forTenant(t.tenantId));
    const now = () => new Date().toISOString();
    try {
      await updateJob(tdb, t.jobId, { status: 'running' });
      const { servers } = await loadOcrRegistry();
      const provider = servers[t.providerId];
      if (!provider) throw new Error("The app's OCR provider is not installed.");
      const stored = provider.manifest.needsToken ? await openToken(tdb, this.deps.key, t.providerId) : undefined;
      if (provider.manifest.needsToken && !stored)
        throw new Error(`No API token is stored for ${provider.manifest.name}.`);
      const opts = {
        language: t.language,
        token: stored?.token,
        endpoint: stored?.endpoint,
        fetch: (url: string, init: RequestInit) =>
          egressFetch(url, init, {
            allowPrivate: t.allowPrivate,
            log: this.deps.log,
            timeoutMs: 60_000,
            maxBytes: 20 << 20,
          }),
      };
      // Pages are read one after the other and numbered across the document.
      const pages: OcrPage[] = [];
      for (const image of t.images)
        for (const p of await provider.recognize(image, opts)) pages.push({ ...p, page: pages.length + 1 });
      await updateJob(tdb, t.jobId, { status: 'done', pages: JSON.stringify(pages), finished_on: now() });
    } catch (err) {
      const message = err instanceof Error ? err.message : 'The document could not be read.';
      this.deps.log.info({ jobId: t.jobId, err: message }, 'ocr job failed');
      await updateJob(tdb, t.jobId, { status: 'failed', message, finished_on: now() }).catch(() => undefined);
    }
  }

  /** Stores the page image under a fresh key (shown back on the form). */
  async putImage(tenantId: string, bytes: Buffer): Promise<string> {
    const key = crypto.randomBytes(24).toString('base64url');
    await this.deps.store.put(tenantId, key, Readable.from([bytes]));
    return key;
  }

  image(tenantId: string, key: string) {
    return this.deps.store.get(tenantId, key);
  }

  /** New jobs are refused; queued ones stay queued in their rows (shown as interrupted). */
  close(): void {
    this.closed = true;
    this.queue = [];
  }
}
