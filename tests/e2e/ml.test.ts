import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';
import { claim, expenseForm } from '../fixtures/ml/expenses.js';

const SHOTS = '/tmp/shots-ml';

describe('value suggestions on the record form in Chromium', () => {
  const web = useWeb();
  /** The app the first journey creates and fills; the designer's journey reads its models. */
  let moduleId = '';

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

    ({ id: moduleId } = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Travel claims',
      ocrProviderId: 'tesseract',
      machineLearningServiceId: '["suggest-value"]',
    }));
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

  it('lets the designer pick the suggested field and shows the model status with its held-out check', async () => {
    expect(moduleId).not.toBe('');
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    await page.goto(`${web.origin}/form-editor/show/${moduleId}`);
    await page.getByRole('tab', { name: 'Suggestions' }).click();
    const panel = page.getByTestId('ml-panel');
    await panel.waitFor();
    // Without the licence: one field, in a select, the first dropdown by default.
    await panel.getByText('This service suggests one field.', { exact: false }).waitFor();
    expect(await panel.getByTestId('ml-target-select').inputValue()).toBe('category');
    await panel.getByTestId('ml-model-category').waitFor();
    expect(await panel.getByTestId('ml-model-category').getByTestId('ml-accuracy').textContent()).toMatch(
      /^\d+ % of \d+$/,
    );
    await panel.getByTestId('ml-target-select').selectOption('payment');
    await panel.getByTestId('ml-targets-save').click();
    await panel.getByTestId('ml-model-payment').waitFor();
    expect(await panel.getByTestId('ml-model-category').count()).toBe(0);
    const row = panel.getByTestId('ml-model-payment');
    expect(await row.textContent()).toContain('Ready');
    expect(await row.getByTestId('ml-accuracy').textContent()).toMatch(/^(8\d|9\d|100) % of 4$/);
    await page.screenshot({ path: `${SHOTS}/designer-models.png`, fullPage: true });
    await panel.getByTestId('ml-retrain').click();
    await page.getByText('The models were retrained.', { exact: true }).waitFor();
    // In German the tab and its texts follow the language.
    await page.evaluate(() => localStorage.setItem('app.language', 'de'));
    await page.reload();
    await page.getByRole('tab', { name: 'Vorschläge' }).click();
    await page.getByText('Jetzt neu trainieren').waitFor();
    await page.screenshot({ path: `${SHOTS}/designer-models-de.png`, fullPage: true });
    await page.evaluate(() => localStorage.setItem('app.language', 'en'));
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
