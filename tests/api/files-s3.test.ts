import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';
import { EXE, multipart, PDF, PNG } from '../support/files.js';
import { startTestS3, type TestS3 } from '../support/s3.js';

// The files API with S3_* set: the same checks as files.test.ts, against a real S3-compatible server (s3rver).
const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const B = 'bravo.localhost';
describe.each(await testDialects())('files in S3 on %s', (dialect) => {
  let t: TestApp;
  let s3: TestS3;
  let client: S3Client;
  let acmeId = '';
  const bucket = `forms-${dialect}`;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    s3 = await startTestS3(bucket);
    t = await startTestApp(dialect, s3.env);
    client = new S3Client({
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    });
    acmeId = (await t.addTenant('acme', PW)).tenantId;
    await t.addTenant('bravo', PW);
    const tdb = new TenantDb(acmeId, t.db.forTenant(acmeId));
    await insertUser(tdb, { username: 'sam', email: 'sam@acme.test', fullname: 'Sam', password: PW });
    await insertUser(tdb, { username: 'mia', email: 'mia@acme.test', fullname: 'Mia', password: PW });
    for (const u of ['admin', 'sam', 'mia']) tok[u] = await tokenFor(t.app, A, u, PW);
    tok.bravo = await tokenFor(t.app, B, 'admin', PW);
  });
  afterAll(async () => {
    client?.destroy();
    await t?.close();
    await s3?.close();
  });

  const host = (who: string) => (who === 'bravo' ? B : A);
  const upload = (who: string, files: { name: string; type: string; bytes: Buffer }[]) => {
    const m = multipart(files);
    return t.app.inject({
      method: 'POST',
      url: '/api/form/AWSS3/Upload',
      headers: { ...bearer(tok[who]!, host(who)), 'content-type': m.type },
      payload: m.payload,
    });
  };
  const download = (who: string, key: string, how: 'header' | 'query' = 'header') =>
    how === 'header'
      ? t.app.inject({ url: `/api/form/AWSS3/GetFile?key=${key}`, headers: bearer(tok[who]!, host(who)) })
      : t.app.inject({ url: `/api/form/AWSS3/GetFile?key=${key}&x-token=${tok[who]}`, headers: { host: host(who) } });
  const objectKey = (key: string) => `${acmeId}/${key.slice(0, 2)}/${key}`;
  const inBucket = (key: string) =>
    client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) })).then(
      (h) => h.ContentLength,
      () => undefined,
    );
  const objectCount = async () => (await client.send(new ListObjectsV2Command({ Bucket: bucket }))).KeyCount ?? 0;

  it('stores uploads in the bucket under the tenant and serves them as attachments with nosniff', async () => {
    const r = await upload('sam', [
      { name: 'photo.png', type: 'image/png', bytes: PNG },
      { name: 'claim.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const [png, pdf] = r.json().data;
    expect(png).toMatchObject({ fileName: 'photo.png', size: PNG.length, contentType: 'image/png' });
    expect(png.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(png.key).not.toBe(pdf.key);
    expect(await inBucket(png.key)).toBe(PNG.length);
    expect(await inBucket(pdf.key)).toBe(PDF.length);
    expect(fs.existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);
    // Another user of the tenant needs a record that holds the key; the key alone opens nothing.
    expect((await download('mia', png.key, 'query')).statusCode).toBe(404);
    const d = await download('sam', png.key, 'query');
    expect(d.statusCode).toBe(200);
    expect(d.rawPayload.equals(PNG)).toBe(true);
    expect(d.headers['content-type']).toBe('image/png');
    expect(d.headers['content-disposition']).toBe(`attachment; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(d.headers['x-content-type-options']).toBe('nosniff');
    expect((await download('sam', pdf.key)).headers['content-type']).toBe('application/pdf');
  });

  it('streams a large file back byte for byte', async () => {
    const big = Buffer.concat([PDF, crypto.randomBytes(3 * 1024 * 1024)]);
    const r = await upload('sam', [{ name: 'scan.pdf', type: 'application/pdf', bytes: big }]);
    expect(r.statusCode, r.body).toBe(200);
    const d = await download('sam', r.json().data[0].key);
    expect(d.statusCode).toBe(200);
    expect(d.headers['content-length']).toBe(String(big.length));
    expect(d.rawPayload.equals(big)).toBe(true);
  });

  it('refuses executables, markup, mismatched and too large files without storing them', async () => {
    const before = await objectCount();
    const exe = await upload('sam', [{ name: 'invoice.pdf', type: 'application/pdf', bytes: EXE }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('Executable files are not allowed.');
    const html = await upload('sam', [
      { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('<!DOCTYPE html><script>alert(1)</script>') },
    ]);
    expect(html.json().message).toBe('HTML, SVG and XML files are not allowed.');
    const fake = await upload('sam', [{ name: 'photo.jpg', type: 'image/jpeg', bytes: PDF }]);
    expect(fake.json().message).toBe("The file's content does not match its type (.jpg).");
    const big = await upload('sam', [
      { name: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 32)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is too large (at most 10 MB).');
    expect(await objectCount()).toBe(before);
  });

  it('accepts base64 uploads', async () => {
    const b64 = await t.app.inject({
      method: 'POST',
      url: '/api/form/AWSS3/UploadBase64',
      headers: bearer(tok.sam!, A),
      payload: { fileName: 'sig.png', base64: `data:image/png;base64,${PNG.toString('base64')}` },
    });
    expect(b64.json()).toMatchObject({ success: true, data: { fileName: 'sig.png', contentType: 'image/png' } });
    expect(await inBucket(b64.json().data.key)).toBe(PNG.length);
    expect((await download('sam', b64.json().data.key)).rawPayload.equals(PNG)).toBe(true);
  });

  it('never serves a file to another tenant or without a token; removal is the uploader’s and deletes the object', async () => {
    const key = (await upload('sam', [{ name: 'photo.png', type: 'image/png', bytes: PNG }])).json().data[0].key;
    expect((await download('bravo', key)).statusCode).toBe(404);
    expect((await download('bravo', key, 'query')).statusCode).toBe(404);
    const cross = await t.app.inject({
      url: `/api/form/AWSS3/GetFile?key=${key}&x-token=${tok.bravo}`,
      headers: { host: A },
    });
    expect(cross.statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/form/AWSS3/GetFile?key=${key}`, headers: { host: A } })).statusCode).toBe(
      401,
    );
    expect((await download('sam', '../../etc/passwd')).statusCode).toBe(404);
    const remove = (who: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/form/AWSS3/RemoveFileByKey?key=${key}`,
        headers: bearer(tok[who]!, host(who)),
      });
    expect((await remove('bravo')).statusCode).toBe(404);
    expect((await remove('mia')).json().message).toBe('Only the person who uploaded this file can remove it.');
    expect(await inBucket(key)).toBe(PNG.length);
    expect((await remove('sam')).json()).toMatchObject({ success: true });
    expect(await inBucket(key)).toBeUndefined();
    expect((await download('sam', key)).statusCode).toBe(404);
  });
});
