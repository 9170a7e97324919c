import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../support/auth.js';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { PDF, PNG, uploadAs, withSection } from '../support/files.js';
import { claimWorkflow, expenseClaim } from '../api/engine-fixture.js';

/**
 * Attacks on uploads for fields: another tenant's app, a record one may not open, a body that lies about its length,
 * names that try to leave the folder, markup under an image name. Each is refused with the envelope, and nothing of
 * it is stored.
 */
const A = 'acme.localhost';
const B = 'bravo.localhost';
const FILES = '/api/form/AWSS3';

const withFile = withSection(expenseClaim, [
  {
    name: 'scan',
    label: 'Scan',
    fieldType: 'image',
    config: { maxWidth: 1600, maxHeight: 1600, format: 'jpeg', quality: 0.85, maxSizeMb: 5 },
  },
]);

describe.each(await testDialects())('upload attacks on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', 'uma'], { bravo: true, env: { FILE_MAX_BYTES: '50000' } });
  const { id: uid, tok } = o;
  let moduleId = '';
  let bravoModule = '';

  const upload = (who: string, query: string, files: { name: string; type: string; bytes: Buffer }[]) =>
    uploadAs(o.t.app, bearer(tok[who]!, who === 'bravo' ? B : A), query, files);
  const fileCount = async () =>
    Number(
      (
        await o.tdb
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  beforeAll(async () => {
    moduleId = await publishApp(o, 'Scans', withFile, claimWorkflow({ finance: [] }));
    const created = await o.t.app.inject({
      method: 'POST',
      url: '/api/form/Editor/CreateProcessFromScratch',
      headers: bearer(tok.bravo!, B),
      payload: { name: 'Bravo app' },
    });
    bravoModule = created.json().data.id;
  });

  it('refuses an upload for another tenant’s app or a record the user may not open', async () => {
    const before = await fileCount();
    const other = await upload('sam', `?moduleId=${bravoModule}&field=scan`, [
      { name: 'a.png', type: 'image/png', bytes: PNG },
    ]);
    expect([403, 404]).toContain(other.statusCode);
    expect(other.json().success).toBe(false);
    const r = await o.post('admin', '/api/EntryModule/submit', {
      moduleId,
      data: { title: 'Admin only', amount: 5, manager: uid.sam },
    });
    const recordId = r.json().data.recordId as string;
    const closed = await upload('uma', `?moduleId=${moduleId}&field=scan&recordId=${recordId}`, [
      { name: 'a.png', type: 'image/png', bytes: PNG },
    ]);
    expect([403, 404]).toContain(closed.statusCode);
    expect(closed.json().success).toBe(false);
    expect(await fileCount()).toBe(before);
  });

  it('refuses markup under an image name for an image field, and keeps names inside the store', async () => {
    const svg = await upload('sam', `?moduleId=${moduleId}&field=scan`, [
      {
        name: 'x.png',
        type: 'image/png',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      },
    ]);
    expect(svg.statusCode).toBe(415);
    const pdf = await upload('sam', `?moduleId=${moduleId}&field=scan`, [
      { name: 'x.pdf', type: 'application/pdf', bytes: PDF },
    ]);
    expect(pdf.statusCode).toBe(415);
    const named = await upload('sam', '', [{ name: '../../../etc/passwd.png', type: 'image/png', bytes: PNG }]);
    expect(named.json().data[0].fileName).toBe('passwd.png');
  });

  it('stops a chunked body that never says its length at the limit, and leaves no partial file', async () => {
    await o.t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (o.t.app.server.address() as AddressInfo).port;
    const before = await fileCount();
    const boundary = '----attack';
    const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `${FILES}/Upload`,
          method: 'POST',
          headers: {
            host: A,
            authorization: `Bearer ${tok.sam}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ code: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      req.write(PNG);
      for (let i = 0; i < 20; i++) req.write(Buffer.alloc(10_000, 1));
      req.end(`\r\n--${boundary}--\r\n`);
    });
    expect(status.code).toBe(413);
    expect(JSON.parse(status.body)).toEqual({ success: false, message: 'The file is too large (at most 48 KB).' });
    expect(await fileCount()).toBe(before);
    const dir = path.join(o.t.config.dataDir, 'files');
    const tmp = fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.tmp'))
      : [];
    expect(tmp).toEqual([]);
  });
});
