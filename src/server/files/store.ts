import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where file bytes live: local disk by default, S3 when configured. Keys are random, never user input. */
export interface FileStore {
  /** Stores the bytes as they stream in; if the stream fails, nothing is left under the key. */
  put(tenantId: string, key: string, body: Readable): Promise<void>;
  /** The bytes as a stream, or undefined when nothing is stored under the key. */
  get(tenantId: string, key: string): Promise<Readable | undefined>;
  remove(tenantId: string, key: string): Promise<void>;
  close?(): void;
}

export const newKey = () => crypto.randomBytes(24).toString('base64url');
export const KEY_RE = /^[A-Za-z0-9_-]{32}$/;
const TENANT_RE = /^[A-Za-z0-9-]+$/;

/** The tenant-prefixed location of a key; throws on anything that is not a generated key. */
export function objectPath(tenantId: string, key: string): string {
  if (!KEY_RE.test(key) || !TENANT_RE.test(tenantId)) throw new Error('bad file key');
  return `${tenantId}/${key.slice(0, 2)}/${key}`;
}

export function diskStore(root: string): FileStore {
  const where = (tenantId: string, key: string) => path.join(root, objectPath(tenantId, key));
  return {
    async put(tenantId, key, body) {
      const p = where(tenantId, key);
      await fs.mkdir(path.dirname(p), { recursive: true });
      // Write then rename: a crash or a refused stream never leaves a half file under the key.
      try {
        await pipeline(body, createWriteStream(`${p}.tmp`, { flags: 'wx' }));
      } catch (err) {
        await fs.rm(`${p}.tmp`, { force: true });
        throw err;
      }
      await fs.rename(`${p}.tmp`, p);
    },
    async get(tenantId, key) {
      // Open first so a missing file is a 404 here, not an error in the middle of the response.
      const handle = await fs.open(where(tenantId, key), 'r').catch(() => undefined);
      return handle?.createReadStream();
    },
    async remove(tenantId, key) {
      await fs.rm(where(tenantId, key), { force: true });
    },
  };
}
