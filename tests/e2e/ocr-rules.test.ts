import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';
import { invoiceForm } from '../api/ocr-rules-fixture.js';

const SHOTS = '/tmp/shots-ocr-rules';
const SCAN = path.join(import.meta.dirname, '../fixtures/ocr/invoice-1.png');
const SAMPLE = 'Invoice No    INV-2024-0042\nDate          12.03.2024\nTotal due     $1,280.40';

describe('OCR mapping rules in the form designer in Chromium', () => {
  const web = useWeb();

  it('adds a label, a pattern and a position rule, tries them on a sample, saves and finds them after a reload', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const { id } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Scanned invoices',
      ocrProviderId: 'tesseract',
    });
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, {
      module: { ...invoiceForm, display_name: 'Scanned invoices' },
    });

    await page.goto(`${web.origin}/form-editor/show/${id}`);
    await page.getByRole('tab', { name: 'OCR' }).click();
    const panel = page.getByTestId('ocr-rules');
    await panel.getByText('No rules yet: add one below.').waitFor();
    await page.fill('#ocrr-text', SAMPLE);

    // A label rule, tried on the pasted sample as it is typed.
    await page.selectOption('#ocrr-field', 'invoiceNo');
    await page.fill('#ocrr-label', 'invoice no:');
    await expect.poll(() => page.getByTestId('ocr-rule-try').textContent()).toBe('On the sample: INV-2024-0042');
    await page.getByRole('button', { name: 'Add rule' }).click();

    // A pattern rule: an unusable pattern is refused before it can be added, a good one is tried.
    await page.selectOption('#ocrr-field', 'total');
    await panel.getByText('Pattern', { exact: true }).click();
    await page.fill('#ocrr-pattern', '(\\d)\\1');
    await panel.getByText(/back-references/).waitFor();
    expect(await page.getByRole('button', { name: 'Add rule' }).isDisabled()).toBe(true);
    await page.fill('#ocrr-pattern', '\\$([\\d,.]+)');
    await expect.poll(() => page.getByTestId('ocr-rule-try').textContent()).toBe('On the sample: 1280.40');
    await page.getByRole('button', { name: 'Add rule' }).click();

    // A position rule drawn on a sample page image.
    await page.selectOption('#ocrr-field', 'issued');
    await panel.getByText('Position', { exact: true }).click();
    await panel.locator('input[type=file]').setInputFiles(SCAN);
    const image = page.getByTestId('ocr-sample-image');
    await image.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const box = (await image.boundingBox())!;
    // Around the date printed on the sample invoice.
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.18);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.42, box.y + box.height * 0.21, { steps: 4 });
    await page.mouse.up();
    await panel.getByText(/^Box on page 1: 25 %, 18 % from the top left/).waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const rows = page.getByTestId('ocr-rule-list').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    // Once the app's OCR provider has read the sample page, the rules are tried on its words.
    await panel
      .getByText("Reading the sample with the app's OCR provider…")
      .waitFor({ state: 'detached', timeout: 30_000 });
    await expect.poll(() => rows.nth(2).locator('td').nth(3).textContent()).toBe('2026-03-14');
    expect(await rows.nth(0).locator('td').nth(3).textContent()).toBe('INV-20417');
    await page.screenshot({ path: `${SHOTS}/ocr-rules-designer.png`, fullPage: true });

    await page.getByRole('button', { name: 'Save rules' }).click();
    await page.getByText('OCR rules saved').waitFor();
    await page.reload();
    await page.getByRole('tab', { name: 'OCR' }).click();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toContain('“invoice no:”, right of the label');
    expect(await rows.nth(1).textContent()).toContain('\\$([\\d,.]+)');
    expect(await rows.nth(2).locator('td').first().textContent()).toBe('Issued');
    const saved = await pageData<{ rules: { kind: string; box?: { x: number; y: number } }[] }>(
      page,
      'GET',
      `/api/ocr/rules/${id}`,
    );
    expect(saved.rules.map((r) => r.kind)).toEqual(['label', 'pattern', 'position']);
    expect(saved.rules[2]!.box!.x).toBeCloseTo(0.25, 1);
    expect(saved.rules[2]!.box!.y).toBeCloseTo(0.18, 1);
    await page.screenshot({ path: `${SHOTS}/ocr-rules-reloaded.png`, fullPage: true });
  }, 60_000);

  it('draws a position rule on the second page of a PDF sample', async () => {
    const maker = await web.browser.newPage();
    const at = (v: string) =>
      `<section><span style="position:absolute;left:50%;top:40%;font-size:24px">${v}</span></section>`;
    await maker.setContent(
      '<style>@page{margin:0}body{margin:0}section{position:relative;height:297mm;break-after:page}</style>' +
        at('PO-1111') +
        at('PO-4242'),
    );
    const pdf = await maker.pdf({ format: 'A4' });
    await maker.close();
    const page = await web.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const { id } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Two-page orders',
      ocrProviderId: 'tesseract',
    });
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${id}`, {
      module: { ...invoiceForm, display_name: 'Two-page orders' },
    });
    await page.goto(`${web.origin}/form-editor/show/${id}`);
    await page.getByRole('tab', { name: 'OCR' }).click();
    const panel = page.getByTestId('ocr-rules');
    await page.selectOption('#ocrr-field', 'invoiceNo');
    await panel.getByText('Position', { exact: true }).click();
    await panel
      .locator('input[type=file]')
      .setInputFiles({ name: 'orders.pdf', mimeType: 'application/pdf', buffer: pdf });
    await panel.getByText('Page 1 of 2').waitFor({ timeout: 30_000 });
    await panel.getByRole('button', { name: 'Next page' }).click();
    await panel.getByText('Page 2 of 2').waitFor();
    const image = page.getByTestId('ocr-sample-image');
    await image.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    const box = (await image.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.45, box.y + box.height * 0.36);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.85, box.y + box.height * 0.46, { steps: 4 });
    await page.mouse.up();
    await panel.getByText(/^Box on page 2: 45 %, 36 % from the top left/).waitFor();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const rows = page.getByTestId('ocr-rule-list').locator('tbody tr');
    await expect.poll(() => rows.nth(0).locator('td').nth(3).textContent()).toBe('PO-4242');
    await page.screenshot({ path: `${SHOTS}/ocr-rules-pdf-page-2.png`, fullPage: true });
  }, 60_000);
});
