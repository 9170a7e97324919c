import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

describe('security headers on /data-connector in Chromium', () => {
  const web = useWeb();

  it('adds a credential set whose secret is never shown again, and keeps it on edit', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1366, height: 850 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    await page.goto(`${web.origin}/data-connector`);
    await page.getByText('No security headers yet').waitFor();
    await page.getByRole('button', { name: 'New security header' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill('Parts service');
    await dialog.getByLabel('Kind').selectOption('oauth2');
    await dialog.getByLabel('Token URL').fill('https://auth.example.com/token');
    await dialog.getByLabel('Client id').fill('flowforms');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The secret is required').waitFor();
    await dialog.getByLabel('Client secret').fill('s3cret-value');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The security header has been saved.').waitFor();
    const row = page.getByTestId('header-row-Parts service');
    await expect
      .poll(() => row.locator('td').allInnerTexts())
      .toEqual(expect.arrayContaining(['Parts service', 'OAuth2 client credentials', 'Stored, encrypted']));

    await row.getByRole('button', { name: 'Edit Parts service' }).click();
    await dialog.getByText('A secret is stored. Leave this empty to keep it, or type a new one.').waitFor();
    expect(await dialog.getByLabel('Client secret').inputValue()).toBe('');
    await dialog.getByLabel('Scope (optional)').fill('parts.read');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The security header has been saved.').first().waitFor();
    const sets = await pageData<{ data: { settings: object; hasSecret: boolean }[] }>(
      page,
      'POST',
      '/api/dataconnector/securityheader/datatables',
      {},
    );
    expect(sets.data[0]).toMatchObject({ hasSecret: true, settings: { scope: 'parts.read' } });
    expect(JSON.stringify(sets)).not.toContain('s3cret-value');
    expect(await page.content()).not.toContain('s3cret-value');
    await page.close();
  });
});
