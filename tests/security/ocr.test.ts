import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { useOffice } from '../support/office.js';
import { ocrApp, scan, settled, upload } from '../fixtures/ocr/upload.js';
import { renderPdfPages } from '../../src/server/ocr/pdf.js';
import { OCR_LIMITS } from '../../src/server/ocr/service.js';

/** OCR jobs belong to one user of one tenant; uploads need the app's create right and stay within limits. */
describe.each(await testDialects())('OCR attacks on %s', (dialect) => {
  const o = useOffice(dialect, ['sam', 'pat'], { bravo: true });
  let moduleId = '';
  let jobId = '';
  beforeAll(async () => {
    moduleId = await ocrApp(o, 'Claims');
    // Only sam may create records of the app.
    await o.tdb
      .updateTable('modules')
      .set({ permission: JSON.stringify({ rules: { create: { users: [o.id.sam] } } }) })
      .where('id', '=', moduleId)
      .execute();
    jobId = (await upload(o, 'sam', moduleId, scan('receipt-2.png'))).json().data.jobId;
  });

  it('hides a job from another user and another tenant, image included', async () => {
    expect((await settled(o, 'sam', jobId)).status).toBe('done');
    for (const who of ['pat', 'admin', 'bravo']) {
      const res = await o.get(who, `/api/ocr/getresponsebyid/${jobId}`);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'OCR job not found' });
      expect((await o.get(who, `/api/ocr/getimage/${jobId}`)).statusCode, who).toBe(404);
      expect((await o.get(who, `/api/ocr/getimage/${jobId}?page=1`)).statusCode, who).toBe(404);
    }
    // A page that is not a whole number is refused by the route's schema, never read as a key.
    for (const page of ['x', '1,2', '-1', '2e9'])
      expect((await o.get('sam', `/api/ocr/getimage/${jobId}?page=${page}`)).statusCode, page).toBe(400);
    expect((await o.get('bravo', `/api/ocr/getresponsebyid/${jobId}`)).body).not.toContain('R-7731');
  });

  it('refuses a user without the create right and an app of another tenant', async () => {
    const res = await upload(o, 'pat', moduleId, scan('receipt-2.png'));
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
    expect((await upload(o, 'bravo', moduleId, scan('receipt-2.png'))).statusCode).toBe(404);
    const count = await o.tdb
      .selectFrom('ocr_jobs')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses an app without an OCR provider', async () => {
    const plain = (await o.post('admin', '/api/form/Editor/CreateProcessFromScratch', { name: 'Plain' })).json().data
      .id;
    expect((await upload(o, 'admin', plain, scan('receipt-2.png'))).json()).toEqual({
      success: false,
      message: 'This app does not read documents: choose an OCR provider in its settings.',
    });
  });

  it('answers oversized files, huge images and non-images with clear messages', async () => {
    const big = Buffer.concat([scan('receipt-2.png'), Buffer.alloc(11 << 20)]);
    const tooBig = await upload(o, 'sam', moduleId, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ success: false, message: 'The file is larger than 10 MB.' });
    // A PNG header claiming 100,000 × 100,000 pixels (a decompression bomb) is refused before it is decoded.
    const bomb = Buffer.from(scan('receipt-2.png'));
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const huge = await upload(o, 'sam', moduleId, bomb);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The image has 10000 megapixels; at most 60 are read.');
    const text = await upload(
      o,
      'sam',
      moduleId,
      Buffer.from('<svg onload="alert(1)"></svg>'),
      'x.svg',
      'image/svg+xml',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('The file is not a PNG, JPEG, TIFF or WebP image, or a PDF.');
  });

  it('fails a broken image cleanly instead of crashing or hanging', async () => {
    const broken = Buffer.concat([scan('receipt-2.png').subarray(0, 300), Buffer.alloc(4000, 9)]);
    const res = await upload(o, 'sam', moduleId, broken);
    expect(res.statusCode).toBe(200);
    const job = await settled(o, 'sam', res.json().data.jobId, 30_000);
    expect(job).toMatchObject({ status: 'failed', message: 'The image could not be read.', pages: [] });
    // The engine still reads the next document.
    const next = await settled(o, 'sam', (await upload(o, 'sam', moduleId, scan('receipt-2.png'))).json().data.jobId);
    expect(next.status).toBe('done');
  });

  it('draws a scanned PDF within the pixel limit whatever page size it claims, and refuses a broken PDF', async () => {
    // One page of 14,400 pt square (200 inches): at 300 dpi it would be 3.7 gigapixels.
    const content = '0 0 0 rg 100 100 400 400 re f';
    const objs = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /Contents 4 0 R >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ];
    let text = '%PDF-1.4\n';
    const offsets = objs.map((obj, i) => {
      const at = text.length;
      text += `${i + 1} 0 obj\n${obj}\nendobj\n`;
      return at;
    });
    const xref = text.length;
    text += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
    text += offsets.map((x) => `${String(x).padStart(10, '0')} 00000 n \n`).join('');
    text += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF`;
    const huge = Buffer.from(text, 'latin1');
    const rendered = await renderPdfPages(huge, 5, OCR_LIMITS.maxPdfPixels);
    expect(rendered).toHaveLength(1);
    const [w, h] = [rendered[0]!.readUInt32BE(16), rendered[0]!.readUInt32BE(20)];
    expect(w * h).toBeLessThanOrEqual(OCR_LIMITS.maxPdfPixels);
    const scanned = await upload(o, 'sam', moduleId, huge, 'scan.pdf', 'application/pdf');
    expect(scanned.json(), scanned.body).toMatchObject({ success: true });
    const job = await settled(o, 'sam', scanned.json().data.jobId, 60_000);
    expect(job.status).toBe('done');
    const broken = await upload(o, 'sam', moduleId, Buffer.from('%PDF-1.7\ngarbage'), 'b.pdf', 'application/pdf');
    expect(broken.json()).toEqual({ success: false, message: 'The PDF could not be read.' });
  }, 120_000);

  it('lets only administrators store a provider token, and only for providers that take one', async () => {
    const patch = (who: string, payload: object) =>
      o.t.app.inject({
        method: 'PATCH',
        url: '/api/ocrprovider/update/token',
        headers: { authorization: `Bearer ${o.tok[who]}`, host: 'acme.localhost' },
        payload,
      });
    expect((await patch('sam', { providerId: 'google-document-ai', token: 't' })).statusCode).toBe(403);
    expect((await patch('admin', { providerId: 'tesseract', token: 't' })).json().message).toBe(
      'Tesseract (built in) needs no API token.',
    );
    expect(
      (await patch('admin', { providerId: 'google-document-ai', token: 't', endpoint: 'file:///etc/passwd' }))
        .statusCode,
    ).toBe(400);
  });
});
