import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { newKey, objectPath, type FileStore } from './store.js';

/**
 * A stream spooled to a temporary file first: a PUT needs the length up front, and the bytes must never sit in
 * memory whole. The file is removed when `use` ends, whatever happens.
 */
async function spooled<T>(body: Readable, use: (file: string, size: number) => Promise<T>): Promise<T> {
  const file = path.join(os.tmpdir(), `upload-${newKey()}`);
  try {
    await pipeline(body, createWriteStream(file, { flags: 'wx' }));
    return await use(file, (await fs.stat(file)).size);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** File bytes in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), one object per key under the tenant. */
export function s3Store(cfg: S3Config): FileStore {
  const client = new S3Client({
    endpoint: cfg.endpoint,
    region: cfg.region,
    forcePathStyle: cfg.forcePathStyle,
    credentials:
      cfg.accessKeyId && cfg.secretAccessKey
        ? { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: many S3-compatible servers do not know the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = cfg.bucket;
  return {
    async put(tenantId, key, body) {
      await spooled(body, (file, size) =>
        client.send(
          new PutObjectCommand({
            Bucket,
            Key: objectPath(tenantId, key),
            Body: createReadStream(file),
            ContentLength: size,
            ContentType: 'application/octet-stream',
          }),
        ),
      );
    },
    async get(tenantId, key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: objectPath(tenantId, key) }));
        return out.Body as Readable | undefined;
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NotFound') return undefined;
        throw err;
      }
    },
    async remove(tenantId, key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectPath(tenantId, key) }));
    },
    close: () => client.destroy(),
  };
}
