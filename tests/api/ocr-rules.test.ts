import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/databases.js';
import { ACME, useOffice } from '../support/office.js';
import { bearer } from '../support/auth.js';
import { launchBrowser } from '../support/browser.js';
import { upload } from '../fixtures/ocr/upload.js';
import { hintsFor, rulesFor } from '../../src/server/ocr-rules/service.js';
import { finishedJob, invoiceApp, invoicePage } from './ocr-rules-fixture.js';

const RULES = [
  { field: 'invoiceNo', kind: 'label', label: 'Invoice No', direction: 'right' },
  { field: 'total', kind: 'pattern', pattern: '\\$([\\d,.]+)' },
  { field: 'issued', kind: 'position', page: 1, box: { x: 0.28, y: 0.16, width: 0.2, height: 0.04 } },
];

describe.each(await testDialects())('OCR mapping rules on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam']);
  let moduleId = '';
  const put = (who: string, id: string, payload: unknown) =>
    o.t.app.inject({
      method: 'PUT',
      url: `/api/ocr/rules/${id}`,
      headers: bearer(o.tok[who]!, ACME),
      payload: payload as object,
    });
  beforeAll(async () => {
    moduleId = await invoiceApp(o, 'Invoices');
  });

  it('lists no rules and the fields they may fill, typed from the published form', async () => {
    const res = await o.get('dana', `/api/ocr/rules/${moduleId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ moduleId, ocrProviderId: 'tesseract', rules: [], modifiedOn: null });
    expect(res.json().data.fields.map((f: { name: string; valueKind: string }) => [f.name, f.valueKind])).toEqual([
      ['invoiceNo', 'text'],
      ['total', 'number'],
      ['issued', 'date'],
      ['vendor', 'text'],
    ]);
  });

  it('saves label, pattern and position rules, and answers them to the engine with their value kinds', async () => {
    const res = await put('dana', moduleId, { rules: RULES });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rules).toEqual(RULES);
    expect(res.json().data.modifiedOn).toEqual(expect.any(String));
    expect((await o.get('sam', `/api/ocr/rules/${moduleId}`)).json().data.rules).toEqual(RULES);
    expect((await rulesFor(o.tdb, moduleId)).map((r) => r.valueKind)).toEqual(['text', 'number', 'date']);
  });

  it('fills the fields of a read document through the OCR job', async () => {
    const jobId = await finishedJob(o, 'sam', moduleId);
    const job = (await o.get('sam', `/api/ocr/getresponsebyid/${jobId}`)).json().data;
    const byField = Object.fromEntries(job.fields.map((f: { field: string }) => [f.field, f]));
    expect(byField.invoiceNo).toMatchObject({
      value: 'INV-77',
      source: 'label',
      confidence: 92,
      box: { x: 300, y: 200 },
    });
    expect(byField.total).toMatchObject({ value: '1280.40', source: 'pattern' });
    expect(byField.issued).toMatchObject({ value: '2026-03-14', source: 'position' });
    expect(byField.vendor).toBeUndefined();
  });

  it('refuses rules naming an unknown field, an unusable pattern or a box off the page, keeping the saved ones', async () => {
    const cases: [unknown, RegExp][] = [
      [
        { field: 'iban', kind: 'label', label: 'IBAN', direction: 'right' },
        /Rule 1 \(iban\): the app has no field 'iban'/,
      ],
      [{ field: 'total', kind: 'pattern', pattern: '(\\d)\\1' }, /back-references/],
      [{ field: 'total', kind: 'pattern', pattern: '(?=x)\\d' }, /look-ahead/],
      [{ field: 'total', kind: 'pattern', pattern: '([' }, /not a valid regular expression/],
      [
        { field: 'issued', kind: 'position', page: 1, box: { x: 0.9, y: 0, width: 0.5, height: 0.1 } },
        /fractions between 0 and 1/,
      ],
      [{ field: 'vendor', kind: 'label', label: '::', direction: 'right' }, /no letters or digits/],
    ];
    for (const [rule, message] of cases) {
      const res = await put('dana', moduleId, { rules: [rule] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
    const bad = await put('dana', moduleId, { rules: [{ field: 'total', kind: 'guess' }] });
    expect(bad.statusCode).toBe(400);
    expect((await o.get('dana', `/api/ocr/rules/${moduleId}`)).json().data.rules).toEqual(RULES);
  });

  it("keeps a correction as a hint read from the job's own words, and uses it on the next document", async () => {
    const jobId = await finishedJob(o, 'sam', moduleId);
    const res = await o.post('sam', `/api/ocr/hints/${moduleId}`, {
      jobId,
      corrections: [{ field: 'vendor', value: 'Northwind', page: 1, box: { x: 300, y: 100, width: 90, height: 20 } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ saved: 1, hints: [{ field: 'vendor', label: 'Supplier', direction: 'right' }] });
    const next = await finishedJob(o, 'sam', moduleId);
    const fields = (await o.get('sam', `/api/ocr/getresponsebyid/${next}`)).json().data.fields;
    expect(fields.find((f: { field: string }) => f.field === 'vendor')).toMatchObject({
      value: 'Northwind',
      source: 'hint',
    });
  });

  it('counts repeated corrections and keeps at most five hints per field, the most used first', async () => {
    const lines = (label: string) => [
      {
        y: 100,
        words: [
          [label, 50],
          ['Acme', 300],
        ] as [string, number][],
      },
    ];
    const correct = async (label: string) => {
      const jobId = await finishedJob(o, 'sam', moduleId, [invoicePage(lines(label))]);
      const res = await o.post('sam', `/api/ocr/hints/${moduleId}`, {
        jobId,
        corrections: [{ field: 'vendor', value: 'Acme', page: 1, box: { x: 300, y: 100, width: 40, height: 20 } }],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await correct('Supplier');
    await correct('SUPPLIER:');
    for (const label of ['Seller', 'From', 'Vendor', 'Issuer', 'Payee']) await correct(label);
    const hints = await hintsFor(o.tdb, moduleId);
    expect(hints).toHaveLength(5);
    expect(hints[0]).toMatchObject({ field: 'vendor', label: 'SUPPLIER:', uses: 3, valueKind: 'text' });
    expect(hints.map((h) => h.label)).not.toContain('Seller');
  });

  it('refuses corrections on a page the job does not have, or for a field the app does not have', async () => {
    const jobId = await finishedJob(o, 'sam', moduleId);
    const box = { x: 300, y: 100, width: 90, height: 20 };
    const page = await o.post('sam', `/api/ocr/hints/${moduleId}`, {
      jobId,
      corrections: [{ field: 'vendor', value: 'x', page: 2, box }],
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toBe('The document has no page 2.');
    const field = await o.post('sam', `/api/ocr/hints/${moduleId}`, {
      jobId,
      corrections: [{ field: 'iban', value: 'x', page: 1, box }],
    });
    expect(field.statusCode).toBe(400);
    expect(field.json().message).toBe("The app has no field 'iban'.");
  });

  it('fills a field by position on any page of a multi-page document, not only the first', async () => {
    // Two A4 pages with text at the same place: the rule names page 2, so page 1's value must not be taken.
    const browser = await launchBrowser();
    const tab = await browser.newPage();
    const at = (v: string) =>
      `<section><span style="position:absolute;left:50%;top:40%;font-size:24px">${v}</span></section>`;
    await tab.setContent(
      '<style>@page{margin:0}body{margin:0}section{position:relative;height:297mm;break-after:page}</style>' +
        at('PO-1111') +
        at('PO-4242'),
    );
    const pdf = await tab.pdf({ format: 'A4' });
    await browser.close();
    const box = { x: 0.45, y: 0.36, width: 0.4, height: 0.1 };
    const saved = await put('dana', moduleId, { rules: [{ field: 'vendor', kind: 'position', page: 2, box }] });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    const res = await upload(o, 'sam', moduleId, pdf, 'two-pages.pdf', 'application/pdf');
    const job = (await o.get('sam', `/api/ocr/getresponsebyid/${res.json().data.jobId}`)).json().data;
    expect(job.pages).toHaveLength(2);
    expect(job.fields).toEqual([expect.objectContaining({ field: 'vendor', value: 'PO-4242', page: 2 })]);
    await put('dana', moduleId, { rules: RULES });
  });

  it('clears the rules with an empty list', async () => {
    const res = await put('dana', moduleId, { rules: [] });
    expect(res.json().data.rules).toEqual([]);
    expect(await rulesFor(o.tdb, moduleId)).toEqual([]);
  });
});
