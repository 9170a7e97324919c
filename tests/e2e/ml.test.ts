import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';
import { claim, expenseForm } from '../fixtures/ml/expenses.js';

const SHOTS = '/tmp/shots-ml';

describe('value suggestions on the record form in Chromium', () => {
  const web = useWeb();

  it('lists ML services after a provider, learns from records and fills a field the user accepts', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInPage(page, web.origin, ...DEMO_ADMIN);

    // Create App: no services before a provider; the licensed variant is disabled without its licence.
    await page.goto(`${web.origin}/applications?create=1`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Choose an OCR provider first').waitFor();
    await dialog.locator('#app-ocr').selectOption('tesseract');
    const plain = dialog.getByRole('checkbox', { name: 'Suggest a value' });
    await plain.waitFor({ state: 'attached' });
    expect(await dialog.getByRole('checkbox', { name: /every choice field/ }).isDisabled()).toBe(true);
    await dialog.locator('label', { hasText: 'Suggest a value' }).click();
    expect(await plain.isChecked()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/create-app-ml.png` });
    await dialog.locator('#app-ocr').selectOption('google-document-ai');
    await dialog.getByRole('radio', { name: 'Suggest a value' }).waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');

    const { id: moduleId } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Travel claims',
      ocrProviderId: 'tesseract',
      machineLearningServiceId: '["suggest-value"]',
    });
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${moduleId}`, {
      module: { ...expenseForm, display_name: 'Travel claims' },
    });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${moduleId}`, {});
    const cats = ['travel', 'meals', 'office'];
    for (let i = 0; i < 24; i++)
      await pageData(page, 'POST', '/api/EntryModule/submit', { moduleId, data: claim(cats[i % 3]!, i) });

    await page.goto(`${web.origin}/item-editor/${moduleId}`);
    await page.locator('#field-title').fill('Taxi to the airport');
    await page.locator('#field-details').fill('Hotel for two nights');
    const chip = page.getByTestId('suggestion-category');
    await chip.waitFor({ timeout: 10_000 });
    expect(await chip.textContent()).toMatch(/Suggested: Travel \(\d+ %\)/);
    await page.screenshot({ path: `${SHOTS}/suggestion.png`, fullPage: true });
    await chip.getByRole('button', { name: 'Use Travel for Category' }).click();
    await expect.poll(() => page.locator('#field-category').inputValue()).toBe('travel');
    await chip.waitFor({ state: 'detached' });
    await page.screenshot({ path: `${SHOTS}/accepted.png`, fullPage: true });
    expect(errors).toEqual([]);
  }, 60_000);
});
