import { describe, expect, it } from 'vitest';
import { DEMO_USER, signInPage, useWeb } from '../support/web.js';

/** Open Uni from the shell, read the greeting, ask a question and follow a cited link; the thread id is kept. */
describe('Uni in the browser', () => {
  const web = useWeb();

  it('greets, answers with sources and follows a cited link', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 860 } });
    await signInPage(page, web.origin, ...DEMO_USER);
    await page.getByTestId('uni-open').click();
    await expect.poll(() => page.getByTestId('uni-greeting').textContent()).toBe("Hi, I'm Uni, how can I help you?");
    await page.getByTestId('uni-input').fill('How do I create an app?');
    await page.getByTestId('uni-input').press('Enter');
    const link = page.getByTestId('uni-citation').first();
    await link.waitFor({ timeout: 15_000 });
    const threadId = await page.evaluate(() => localStorage.getItem('uni.threadId'));
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);
    if (process.env.UNI_SHOT) await page.screenshot({ path: process.env.UNI_SHOT });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/[^/]/);
    await link.click();
    await page.waitForURL((u) => u.pathname + u.search + u.hash === href);
    // Back on a shell page, reopening Uni shows the same conversation (its id kept in local storage).
    await page.goBack();
    await page.getByTestId('uni-open').click();
    await page.getByTestId('uni-citation').first().waitFor();
    await page.close();
  }, 60_000);
});
