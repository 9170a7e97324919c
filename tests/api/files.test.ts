import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../src/server/tenancy/admin.js';
import { TenantDb } from '../../src/server/tenancy/tenant-db.js';
import { bearer, tokenFor } from '../support/auth.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';
import { EXE, multipart, PDF, PNG } from '../support/files.js';

const PW = 'Correct-Horse-9';
const A = 'acme.localhost';
const B = 'bravo.localhost';
describe.each(await testDialects())('files on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect, {});
    const { tenantId } = await t.addTenant('acme', PW);
    await t.addTenant('bravo', PW);
    const tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    await insertUser(tdb, { username: 'sam', email: 'sam@acme.test', fullname: 'Sam', password: PW });
    await insertUser(tdb, { username: 'mia', email: 'mia@acme.test', fullname: 'Mia', password: PW });
    for (const u of ['admin', 'sam', 'mia']) tok[u] = await tokenFor(t.app, A, u, PW);
    tok.bravo = await tokenFor(t.app, B, 'admin', PW);
  });
  afterAll(() => t?.close());

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

  it('stores uploads under random keys and serves them as attachments with nosniff, by header or query token', async () => {
    const r = await upload('sam', [
      { name: 'photo.png', type: 'image/png', bytes: PNG },
      { name: 'claim.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    const [png, pdf] = r.json().data;
    expect(png).toMatchObject({ fileName: 'photo.png', size: PNG.length, contentType: 'image/png' });
    expect(png.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(png.key).not.toBe(pdf.key);
    // Another user of the tenant needs a record that holds the key; the key alone opens nothing.
    expect((await download('mia', png.key, 'query')).statusCode).toBe(404);
    const d = await download('sam', png.key, 'query');
    expect(d.statusCode).toBe(200);
    expect(d.rawPayload.equals(PNG)).toBe(true);
    expect(d.headers['content-type']).toBe('image/png');
    expect(d.headers['content-disposition']).toBe(`attachment; filename="photo.png"; filename*=UTF-8''photo.png`);
    expect(d.headers['x-content-type-options']).toBe('nosniff');
    expect(fs.existsSync(path.join(t.config.dataDir, 'files'))).toBe(true);
    expect((await download('sam', pdf.key)).headers['content-type']).toBe('application/pdf');
  });

  it('refuses executables, markup and content that does not match its name', async () => {
    const exe = await upload('sam', [{ name: 'invoice.pdf', type: 'application/pdf', bytes: EXE }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toBe('Executable files are not allowed.');
    const html = await upload('sam', [
      { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('<!DOCTYPE html><script>alert(1)</script>') },
    ]);
    expect(html.json().message).toBe('HTML, SVG and XML files are not allowed.');
    const svg = await upload('sam', [
      { name: 'logo.png', type: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"/>') },
    ]);
    expect(svg.statusCode).toBe(415);
    const fake = await upload('sam', [{ name: 'photo.jpg', type: 'image/jpeg', bytes: PDF }]);
    expect(fake.json().message).toBe("The file's content does not match its type (.jpg).");
    const script = await upload('sam', [{ name: 'run.sh', type: 'text/plain', bytes: Buffer.from('echo hi') }]);
    expect(script.json().message).toBe('Files of type .sh are not allowed.');
    const text = await upload('sam', [{ name: 'readme.txt', type: 'text/plain', bytes: Buffer.from('plain words') }]);
    expect(text.json().data[0].contentType).toBe('text/plain');
  });

  it('limits the size and accepts base64 uploads', async () => {
    const big = await upload('sam', [
      { name: 'big.pdf', type: 'application/pdf', bytes: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024, 32)]) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is too large (at most 10 MB).');
    const b64 = await t.app.inject({
      method: 'POST',
      url: '/api/form/AWSS3/UploadBase64',
      headers: bearer(tok.sam!, A),
      payload: { fileName: 'sig.png', base64: `data:image/png;base64,${PNG.toString('base64')}` },
    });
    expect(b64.json()).toMatchObject({
      success: true,
      data: { fileName: 'sig.png', contentType: 'image/png', size: PNG.length },
    });
    expect((await download('sam', b64.json().data.key)).rawPayload.equals(PNG)).toBe(true);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/form/AWSS3/UploadBase64',
          headers: bearer(tok.sam!, A),
          payload: { fileName: 'x.png' },
        })
      ).json().message,
    ).toBe('base64 is required.');
  });

  it('never serves a file to another tenant, without a token, or with a bad key; removal is the uploader’s', async () => {
    const key = (await upload('sam', [{ name: 'photo.png', type: 'image/png', bytes: PNG }])).json().data[0].key;
    expect((await download('bravo', key)).statusCode).toBe(404);
    expect((await download('bravo', key, 'query')).statusCode).toBe(404);
    // A token of tenant bravo presented on acme's host is not a session of acme.
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
    expect((await remove('sam')).json()).toMatchObject({ success: true });
    expect((await download('sam', key)).statusCode).toBe(404);
  });
});
