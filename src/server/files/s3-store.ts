import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { objectPath, type FileStore } from './store.js';

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
    async put(tenantId, key, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectPath(tenantId, key),
          Body: bytes,
          ContentType: 'application/octet-stream',
        }),
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
