import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { ModuleDefinition } from '../../schemas/module-definition.js';
import type { OcrPage, OcrWord } from '../../schemas/api/ocr.js';
import type { Office } from '../support/office.js';

/** An invoice form: text, number and date fields the OCR rules fill, and a table whose fields they cannot. */
export const invoiceForm: ModuleDefinition = {
  display_name: 'Invoice',
  fieldGroups: [
    {
      id: 'head',
      label: 'Invoice',
      rows: [
        {
          fields: [
            { name: 'invoiceNo', label: 'Invoice number', fieldType: 'text' },
            {
              name: 'total',
              label: 'Total',
              fieldType: 'number',
              config: { decimalPlaces: 2, format: 'plain', digitsOnly: false },
            },
            { name: 'issued', label: 'Issued', fieldType: 'date' },
            { name: 'vendor', label: 'Vendor', fieldType: 'text' },
          ],
        },
      ],
    },
  ],
};

/** Creates an app reading documents with the built-in provider, saves the invoice form and publishes it. */
export async function invoiceApp(o: Office, name: string, who = 'admin'): Promise<string> {
  const created = await o.post(who, '/api/form/Editor/CreateProcessFromScratch', { name, ocrProviderId: 'tesseract' });
  expect(created.json(), created.body).toMatchObject({ success: true });
  const id = created.json().data.id as string;
  const saved = await o.post(who, `/api/form/Editor/SaveForm?id=${id}`, {
    module: { ...invoiceForm, display_name: name },
  });
  expect(saved.json(), saved.body).toMatchObject({ success: true });
  const published = await o.post(who, `/api/form/Editor/publish?id=${id}`);
  expect(published.json(), published.body).toMatchObject({ success: true });
  return id;
}

/** A page as the engine reads it: lines of [text, x] at y; words 10 px per character, 20 px high. */
export function invoicePage(lines: { y: number; words: [string, number][] }[] = INVOICE_LINES): OcrPage {
  const words: OcrWord[] = lines.flatMap((l, line) =>
    l.words.map(([text, x]) => ({
      text,
      confidence: 92,
      line,
      box: { x, y: l.y, width: text.length * 10, height: 20 },
    })),
  );
  return {
    page: 1,
    width: 1000,
    height: 1400,
    text: lines.map((l) => l.words.map((w) => w[0]).join(' ')).join('\n'),
    words,
  };
}

export const INVOICE_LINES = [
  {
    y: 100,
    words: [
      ['Supplier', 50],
      ['Northwind', 300],
    ] as [string, number][],
  },
  {
    y: 200,
    words: [
      ['Invoice', 50],
      ['No', 130],
      ['INV-77', 300],
    ] as [string, number][],
  },
  {
    y: 240,
    words: [
      ['Issued', 50],
      ['14.03.2026', 300],
    ] as [string, number][],
  },
  {
    y: 600,
    words: [
      ['Amount', 50],
      ['due', 120],
      ['$1,280.40', 300],
    ] as [string, number][],
  },
];

/** A finished OCR job of a user, as the engine stores it (the engine's own tests upload real scans). */
export async function finishedJob(o: Office, who: string, moduleId: string, pages: OcrPage[] = [invoicePage()]) {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await o.tdb
    .insertInto('ocr_jobs', {
      id,
      user_id: o.id[who]!,
      module_id: moduleId,
      provider_id: 'tesseract',
      language: 'en',
      status: 'done',
      file_name: 'invoice.png',
      content_type: 'image/png',
      size: 1,
      image_key: null,
      pages: JSON.stringify(pages),
      message: null,
      created_on: now,
      finished_on: now,
    })
    .execute();
  return id;
}
