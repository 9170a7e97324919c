import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';
import { expenseClaim, expenseRules } from '../fixtures/ocr/upload.js';

const SHOTS = '/tmp/shots-ocr';
const SCAN = path.join(import.meta.dirname, '../fixtures/ocr/invoice-1.png');

describe('OCR on the record form in Chromium', () => {
  const web = useWeb();
  /** Signs in and makes a published app reading documents with tesseract and the expense rules. */
  async function readingApp(page: Page, name: string): Promise<string> {
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const { id } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name,
      ocrProviderId: 'tesseract',
    });
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, { module: expenseClaim });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${id}`, {});
    await pageData(page, 'PUT', `/api/ocr/rules/${id}`, { rules: expenseRules });
    return id;
  }

  it('uploads a scan, shows the fields found on the page, fills the form and keeps a correction', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    const moduleId = await readingApp(page, 'Scanned expenses');

    await page.goto(`${web.origin}/item-editor/${moduleId}`);
    const panel = page.locator('.ocr-panel');
    await panel.getByText('Read a document').waitFor();
    await panel.locator('input[type=file]').setInputFiles(SCAN);
    const row = (field: string) => panel.locator(`tr[data-ocr-field="${field}"]`);
    await row('invoice_no').waitFor({ timeout: 30_000 });
    await expect.poll(() => row('invoice_no').locator('td').nth(1).textContent()).toBe('INV-20417');
    expect(await row('total').locator('td').nth(1).textContent()).toBe('128.40');
    expect(await panel.locator('.ocr-box').count()).toBe(3);
    await page.screenshot({ path: `${SHOTS}/ocr-panel.png`, fullPage: true });

    await panel.getByRole('button', { name: 'Apply to the form' }).click();
    await expect.poll(() => page.locator('#field-invoice_no').inputValue()).toBe('INV-20417');
    expect(await page.locator('#field-total').inputValue()).toMatch(/^128\.40?$/);
    // The user corrects what OCR could not know: the customer's name, as printed on the scan.
    await page.fill('#field-customer', 'Northwind Traders');
    await page.screenshot({ path: `${SHOTS}/ocr-applied.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(new RegExp(`/item-editor/${moduleId}/[0-9a-f-]+$`));
    const recordId = page.url().split('/').pop()!;
    const record = await pageData<{ data: Record<string, unknown> }>(
      page,
      'GET',
      `/api/EntryModule/${recordId}/detail`,
    );
    expect(record.data).toMatchObject({
      invoice_no: 'INV-20417',
      invoice_date: '2026-03-14',
      total: 128.4,
      customer: 'Northwind Traders',
    });

    // The correction was kept as a hint: the next document of the app fills the customer too.
    await page.goto(`${web.origin}/item-editor/${moduleId}`);
    await panel.locator('input[type=file]').setInputFiles(SCAN);
    await row('customer').waitFor({ timeout: 30_000 });
    expect(await row('customer').locator('td').nth(1).textContent()).toBe('Northwind Traders');
  }, 60_000);

  it('shows the pages of a PDF drawn by the server, opening at the page a field was found on', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    const maker = await web.browser.newPage();
    await maker.setContent(
      '<style>section{break-after:page;font-size:22px}</style><section>Terms and conditions</section>' +
        '<section><p>Invoice No INV-777</p><p>Total 55.20</p></section>',
    );
    const pdf = await maker.pdf({ format: 'A4' });
    await maker.close();
    const moduleId = await readingApp(page, 'PDF expenses');

    await page.goto(`${web.origin}/item-editor/${moduleId}`);
    const panel = page.locator('.ocr-panel');
    await panel
      .locator('input[type=file]')
      .setInputFiles({ name: 'two.pdf', mimeType: 'application/pdf', buffer: pdf });
    const row = (field: string) => panel.locator(`tr[data-ocr-field="${field}"]`);
    await row('invoice_no').waitFor({ timeout: 30_000 });
    expect(await row('invoice_no').locator('td').nth(1).textContent()).toBe('INV-777');
    await panel.getByText('Page 2 of 2').waitFor();
    await panel.locator('.ocr-page img').waitFor();
    expect(await panel.locator('.ocr-box').count()).toBe(2);
    await page.screenshot({ path: `${SHOTS}/ocr-pdf-pages.png`, fullPage: true });
    await panel.getByRole('button', { name: 'Previous page' }).click();
    await panel.getByText('Page 1 of 2').waitFor();
    expect(await panel.locator('.ocr-box').count()).toBe(0);
  }, 60_000);
});
