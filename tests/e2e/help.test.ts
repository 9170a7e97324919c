import { describe, expect, it } from 'vitest';
import { DEMO_USER, signInPage, useWeb } from '../support/web.js';

const SHOTS = '/tmp/shots-help';

describe('help in Chromium', () => {
  const web = useWeb();

  it('lists, searches and opens a help article, then shows it in another language', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInPage(page, web.origin, ...DEMO_USER);
    await page.goto(`${web.origin}/help`);
    await page.getByTestId('help-page').waitFor();
    await page.locator('.help-list li').nth(19).waitFor();
    await page.screenshot({ path: `${SHOTS}/help-list.png` });
    await page.getByTestId('help-search').fill('two-factor authentication');
    await page.locator('.help-list li a', { hasText: 'Sign in and two-factor authentication' }).first().click();
    await page.getByTestId('help-article').locator('h3').waitFor();
    expect(page.url()).toMatch(/\/help\/sign-in-2fa$/);
    expect(await page.locator('.help-markdown strong').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/help-article.png` });
    await page.evaluate(() => localStorage.setItem('app.language', 'de'));
    await page.reload();
    await page.getByTestId('help-article').locator('h3', { hasText: 'Zwei-Faktor' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/help-article-de.png` });
    await page.close();
  }, 60_000);
});
