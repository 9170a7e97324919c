import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { allowPrivateEgress, useOffice } from '../support/office.js';
import { launchBrowser } from '../support/browser.js';
import { ocrApp, publishedOcrApp, scan, settled, upload } from '../fixtures/ocr/upload.js';

describe.each(await testDialects())('OCR on %s', (dialect) => {
  const o = useOffice(dialect, ['sam']);
  let moduleId = '';
  beforeAll(async () => {
    moduleId = await ocrApp(o, 'Expenses');
  });

  it('lists the provider plugins, one of them single-select, and finds one by name', async () => {
    const list = (await o.get('sam', '/api/ocrprovider/lookup')).json().data as { id: string; singleSelect: boolean }[];
    expect(list.map((p) => p.id).sort()).toEqual(['google-document-ai', 'tesseract']);
    expect(list.filter((p) => p.singleSelect).map((p) => p.id)).toEqual(['google-document-ai']);
    const one = (await o.get('sam', '/api/ocrprovider/getbyname?name=tesseract%20(built%20in)')).json().data;
    expect(one).toMatchObject({
      id: 'tesseract',
      needsToken: false,
      hasToken: false,
      languages: expect.arrayContaining(['ja']),
    });
    expect((await o.get('sam', '/api/ocrprovider/getbyname?name=nope')).statusCode).toBe(404);
  });

  it('reads the sample scans: a job at once, then the text with boxes and the page image', async () => {
    const started = await upload(o, 'sam', moduleId, scan('invoice-1.png'));
    expect(started.json(), started.body).toMatchObject({ success: true, data: { jobId: expect.any(String) } });
    const second = await upload(o, 'sam', moduleId, scan('receipt-2.png'));
    const job = await settled(o, 'sam', started.json().data.jobId);
    expect(job.status, job.message).toBe('done');
    const [page] = job.pages;
    expect(page).toMatchObject({ page: 1, width: 2481, height: 3509 });
    expect(page.text).toContain('INV-20417');
    expect(page.text).toContain('2026-03-14');
    expect(page.text).toMatch(/Total\s+128\.40/);
    const label = page.words.find((w: { text: string }) => w.text === 'INV-20417');
    const invoice = page.words.find((w: { text: string }) => w.text === 'Invoice');
    expect(label.line).toBe(invoice.line);
    expect(label.box.x).toBeGreaterThan(invoice.box.x + invoice.box.width);
    expect(label.confidence).toBeGreaterThan(80);
    const image = await o.get('sam', job.imageUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(scan('invoice-1.png'))).toBe(true);
    const other = await settled(o, 'sam', second.json().data.jobId);
    expect(other.pages[0].text).toContain('R-7731');
    expect(other.pages[0].text).toMatch(/Total\s+85\.25/);
  });

  it('fills the app fields with its mapping rules, and keeps a correction as a hint', async () => {
    const claims = await publishedOcrApp(o, 'Expense claims');
    const jobId = (await upload(o, 'sam', claims, scan('invoice-1.png'))).json().data.jobId;
    const job = await settled(o, 'sam', jobId);
    const byField = Object.fromEntries(job.fields.map((f: { field: string; value: string }) => [f.field, f]));
    expect(byField.invoice_no).toMatchObject({ value: 'INV-20417', source: 'label', page: 1 });
    expect(byField.invoice_date.value).toBe('2026-03-14');
    expect(Number(byField.total.value)).toBe(128.4);
    expect(byField.total.confidence).toBeGreaterThan(60);
    expect(byField.invoice_no.box.x).toBeGreaterThan(0);
    // The user kept the customer's name for the field 'customer' (no rule finds it): the label next to it is kept.
    const customer = job.pages[0].words.filter((w: { text: string }) => ['Northwind', 'Traders'].includes(w.text));
    const box = {
      x: customer[0].box.x,
      y: customer[0].box.y,
      width: customer[1].box.x + customer[1].box.width - customer[0].box.x,
      height: customer[0].box.height,
    };
    const hints = await o.post('sam', `/api/ocr/hints/${claims}`, {
      jobId,
      corrections: [{ field: 'customer', value: 'Northwind Traders', page: 1, box }],
    });
    expect(hints.json(), hints.body).toMatchObject({ success: true, data: { saved: 1 } });
    expect(hints.json().data.hints[0]).toMatchObject({ field: 'customer', label: 'Customer', direction: 'right' });
    const next = await settled(o, 'sam', (await upload(o, 'sam', claims, scan('receipt-2.png'))).json().data.jobId);
    const found = next.fields.find((f: { field: string }) => f.field === 'customer');
    expect(found).toMatchObject({ value: 'Alex Morgan', source: 'hint' });
    expect(next.fields.find((f: { field: string }) => f.field === 'invoice_no').value).toBe('R-7731');
  });

  it('takes the text layer of a PDF at once, and draws each page to show where the fields stand', async () => {
    const browser = await launchBrowser();
    const page = await browser.newPage();
    await page.setContent(
      '<style>section{break-after:page}</style><section><p style="font-size:20px">Invoice No INV-555</p>' +
        '<p>Total 77.10</p></section><section>Terms</section>',
    );
    const pdf = await page.pdf({ format: 'A4' });
    await browser.close();
    const res = await upload(o, 'sam', moduleId, pdf, 'invoice.pdf', 'application/pdf');
    const id = res.json().data.jobId;
    const job = (await o.get('sam', `/api/ocr/getresponsebyid/${id}`)).json().data;
    expect(job).toMatchObject({
      status: 'done',
      pageImages: [`/api/ocr/getimage/${id}?page=1`, `/api/ocr/getimage/${id}?page=2`],
    });
    const second = await o.get('sam', job.pageImages[1]);
    expect([second.statusCode, second.headers['content-type']]).toEqual([200, 'image/png']);
    expect(second.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await o.get('sam', `/api/ocr/getimage/${id}?page=3`)).statusCode).toBe(404);
    expect((await o.get('sam', `/api/ocr/getimage/${id}?page=0`)).statusCode).toBe(400);
    expect(job.pages[0].words.map((w: { text: string }) => w.text)).toEqual([
      'Invoice',
      'No',
      'INV-555',
      'Total',
      '77.10',
    ]);
  });

  it('renders a scanned PDF (no text layer) page by page and reads its pages with OCR', async () => {
    const browser = await launchBrowser();
    const page = await browser.newPage();
    const img = `data:image/png;base64,${scan('invoice-1.png').toString('base64')}`;
    await page.setContent(
      `<style>@page{margin:0}body{margin:0}img{width:210mm;height:297mm;display:block}</style>` +
        `<img src="${img}"><img src="${img}">`,
    );
    const pdf = await page.pdf({ format: 'A4' });
    await browser.close();
    const res = await upload(o, 'sam', moduleId, pdf, 'scan.pdf', 'application/pdf');
    expect(res.json(), res.body).toMatchObject({ success: true });
    const job = await settled(o, 'sam', res.json().data.jobId, 120_000);
    expect(job.status, job.message).toBe('done');
    expect(job.pages.map((p: { page: number }) => p.page)).toEqual([1, 2]);
    for (const p of job.pages) expect(p.text).toContain('INV-20417');
    const image = await o.get('sam', job.imageUrl);
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png']);
  }, 180_000);

  describe('a cloud provider (Google Document AI) through egress with the stored token', () => {
    let server: http.Server;
    const seen: { auth?: string; url?: string; mime?: string }[] = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          seen.push({ auth: req.headers.authorization, url: req.url, mime: JSON.parse(body).rawDocument.mimeType });
          const text = 'Invoice No G-1\n';
          const token = (s: number, e: number, x: number) => ({
            layout: {
              textAnchor: { textSegments: [{ ...(s ? { startIndex: String(s) } : {}), endIndex: String(e) }] },
              confidence: 0.97,
              boundingPoly: {
                normalizedVertices: [
                  { x, y: 0.1 },
                  { x: x + 0.05, y: 0.1 },
                  { x: x + 0.05, y: 0.12 },
                  { x, y: 0.12 },
                ],
              },
            },
          });
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              document: {
                text,
                pages: [
                  {
                    pageNumber: 1,
                    dimension: { width: 1000, height: 2000, unit: 'pixels' },
                    lines: [{ layout: { textAnchor: { textSegments: [{ endIndex: '15' }] } } }],
                    tokens: [token(0, 8, 0.1), token(8, 11, 0.2), token(11, 14, 0.3)],
                  },
                ],
              },
            }),
          );
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      await allowPrivateEgress(o, true);
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('refuses a job without a token, then reads with it (sealed at rest)', async () => {
      const cloudApp = await ocrApp(o, 'Cloud expenses', 'google-document-ai');
      const first = await settled(
        o,
        'sam',
        (await upload(o, 'sam', cloudApp, scan('invoice-1.png'))).json().data.jobId,
      );
      expect(first).toMatchObject({ status: 'failed', message: 'No API token is stored for Google Document AI.' });
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/projects/p/locations/eu/processors/x`;
      const patch = (who: string) =>
        o.t.app.inject({
          method: 'PATCH',
          url: '/api/ocrprovider/update/token',
          headers: { authorization: `Bearer ${o.tok[who]}`, host: 'acme.localhost' },
          payload: { providerId: 'google-document-ai', token: 'ya29.secret-token', endpoint },
        });
      expect((await patch('sam')).statusCode).toBe(403);
      expect((await patch('admin')).json()).toMatchObject({ success: true, data: { hasToken: true } });
      const row = await o.tdb.selectFrom('ocr_tokens').select('token').executeTakeFirstOrThrow();
      expect(row.token.startsWith('enc:v1:')).toBe(true);
      expect(row.token).not.toContain('ya29');
      const job = await settled(o, 'sam', (await upload(o, 'sam', cloudApp, scan('invoice-1.png'))).json().data.jobId);
      expect(job.status, job.message).toBe('done');
      expect(seen.at(-1)).toEqual({
        auth: 'Bearer ya29.secret-token',
        url: '/v1/projects/p/locations/eu/processors/x:process',
        mime: 'image/png',
      });
      expect(job.pages[0].words.map((w: { text: string }) => w.text)).toEqual(['Invoice', 'No', 'G-1']);
      expect(job.pages[0].words[2]).toMatchObject({ confidence: 97, line: 1, box: { x: 300, y: 200 } });
    });
  });
});
