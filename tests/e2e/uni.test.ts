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

  it('signs out like any other call when the session ended before Uni answers', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1280, height: 860 } });
    await signInPage(page, web.origin, ...DEMO_USER);
    await page.getByTestId('uni-open').click();
    await page.getByTestId('uni-greeting').waitFor();
    // The session ends on the server (as on expiry or a sign-out elsewhere) while the page still holds its token.
    const ended = await page.evaluate(async () => {
      const t = JSON.parse(localStorage.getItem('auth.token')!) as { token: string; refreshToken: string };
      const res = await fetch('/api/identity/Authentication/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` },
        body: JSON.stringify({ jwt: t.refreshToken }),
      });
      return res.status;
    });
    expect(ended).toBe(200);
    // The sign-out must come from Uni's own answer, not from some other call of the page.
    const refused: string[] = [];
    page.on('response', (r) => r.status() === 401 && refused.push(new URL(r.url()).pathname));
    await page.getByTestId('uni-input').fill('How do I create an app?');
    await page.getByTestId('uni-input').press('Enter');
    // Polled rather than awaited as one navigation: the app may replace its way to the sign-in page, which aborts the
    // first navigation (net::ERR_ABORTED) though the page lands there.
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/authentication\/login/);
    await page.waitForLoadState();
    expect(refused[0]).toBe('/api/bot/prompt');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('auth.token') ?? 'null'))).toBeNull();
    await page.close();
  }, 60_000);
});
