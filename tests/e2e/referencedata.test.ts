import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signInPage, useWeb } from '../support/web.js';

describe('key-value lists on /referencedata in Chromium', () => {
  const web = useWeb();

  it('creates a category and a list with ordered values, finds it, and shows the server’s refusal', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    await page.goto(`${web.origin}/referencedata`);
    await page.getByText('No lists yet: create the first one').waitFor();
    await page.fill('#refdata-new-category', 'Finance');
    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByText('Category Finance added').waitFor();

    await page.getByRole('button', { name: 'New list' }).click();
    await page.waitForURL(/\/referencedata\/new$/);
    await page.fill('#kv-key-name', 'cost$centres');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Key name: Cannot contain special characters').waitFor();
    await page.fill('#kv-key-name', 'cost_centres');
    await page.fill('#kv-description', 'Where an expense is booked');
    await page.getByText('Finance', { exact: true }).click();
    await page.getByLabel('Key 1', { exact: true }).fill('ops');
    await page.getByLabel('Value 1', { exact: true }).fill('Operations');
    await page.getByRole('button', { name: 'Add value' }).click();
    await page.getByLabel('Key 2', { exact: true }).fill('rnd');
    await page.getByLabel('Value 2', { exact: true }).fill('Research');
    await page.getByRole('button', { name: 'Move value 2 up' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The list has been saved.').waitFor();
    await page.waitForURL(/\/referencedata\/[0-9a-f-]{36}$/);
    await page.reload();
    await expect.poll(() => page.getByLabel('Key 1', { exact: true }).inputValue()).toBe('rnd');
    expect(await page.getByLabel('Value 2', { exact: true }).inputValue()).toBe('Operations');

    await page.getByRole('link', { name: 'All lists' }).click();
    const row = page.getByTestId('list-row-cost_centres');
    await row.waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining(['cost_centres', 'Where an expense is booked', 'Finance', '2']),
    );
    await page.getByLabel('Search lists').fill('nothing like it');
    await page.getByText('No list matches').waitFor();
    await page.getByLabel('Search lists').fill('EXPENSE');
    await row.waitFor();
    // A form's dropdown reads the options any signed-in user may see.
    const options = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('auth.token')!).token as string;
      const r = await fetch('/api/permissible-list/dataset?key_name=cost_centres', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await r.json()).data.options;
    });
    expect(options).toEqual([
      { value: 'rnd', label: 'Research' },
      { value: 'ops', label: 'Operations' },
    ]);

    // Deleting asks first; the list is then gone from the page and from forms.
    await row.getByRole('link', { name: 'cost_centres' }).click();
    await page.getByRole('button', { name: 'Delete list' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete list' }).click();
    await page.getByText('The list has been deleted.').waitFor();
    await page.waitForURL(/\/referencedata$/);
    await page.getByText('No lists yet: create the first one').waitFor();
    await page.close();
  });
});
