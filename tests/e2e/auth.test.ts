import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { codeAt, currentStep } from '../../src/server/identity/totp.js';
import { launchBrowser } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { resetTokenIn, startSmtp } from '../support/smtp.js';
import { signInPage } from '../support/web.js';

describe('sign-in paths in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let origin = '';
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({ SMTP_URL: smtp.url });
    origin = `http://demo.localhost:${server.port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  async function signIn(page: Page, username: string, password: string) {
    await page.fill('#username', username);
    await page.fill('#password', password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  it('signs in with a password, honours ReturnUrl, and signs out', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${origin}/tasks`);
    await page.waitForURL(/\/authentication\/login\?ReturnUrl=%2Ftasks/);
    // The demo tenant gives a support address and no phone: no empty phone is shown.
    await expect.poll(() => page.locator('.auth-support').textContent()).toMatch(/^Support: \S+@\S+$/);
    await signIn(page, 'user', 'wrong-password');
    await page.getByRole('alert').getByText('The login detail is incorrect').waitFor();
    await signIn(page, 'user', 'User-Pass-123');
    await page.waitForURL(`${origin}/tasks`);
    await expect(page.getByTestId('signed-in-name').textContent()).resolves.toBe('Demo User');
    // A signed-in visitor of the sign-in page goes home.
    await page.goto(`${origin}/authentication/login`);
    await page.waitForURL(`${origin}/`);
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(/\/authentication\/login/);
    await page.goto(`${origin}/`);
    await page.waitForURL(/\/authentication\/login/);
    // A page that does not exist says so in the middle of the window.
    await page.goto(`${origin}/no-such-page`);
    const box = (await page.getByRole('heading', { name: 'Page Not Found' }).boundingBox())!;
    const height = page.viewportSize()!.height;
    expect(box.y).toBeGreaterThan(height / 4);
    expect(box.y + box.height).toBeLessThan((height * 3) / 4);
    await ctx.close();
  });

  it('renders a hostile /403 message inertly', async () => {
    const page = await browser.newPage();
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs++;
      void d.dismiss();
    });
    const payload =
      '<b>Blocked</b><img src=x onerror="alert(1)"><script>alert(2)</script><svg onload="alert(3)"></svg>';
    await page.goto(`${origin}/403?message=${encodeURIComponent(payload)}`);
    await page.locator('.forbidden-message b').getByText('Blocked').waitFor();
    await page.waitForTimeout(300);
    expect(dialogs).toBe(0);
    const html = await page.locator('.forbidden-message').innerHTML();
    expect(html).not.toMatch(/onerror|onload|<script|<svg/i);
    await page.close();
  });

  it('sends the domain-entry page to the tenant host', async () => {
    const page = await browser.newPage();
    await page.goto(`http://login.localhost:${server.port}/`);
    await page.getByText('Find your organisation').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Please input your domain').waitFor();
    await page.fill('#domain', 'demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${origin}/authentication/login`);
    await page.close();
  });

  it('sets up an authenticator app, then signs in with a generated code', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    // The administrator turns on "two-factor required" through the API (from the page, so *.localhost resolves).
    await page.goto(`${origin}/authentication/login`);
    // Signed in before the policy applies to the administrator too.
    const adminToken = await page.evaluate(async () => {
      const r = await fetch('/api/identity/Authentication/authenticateiso', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(JSON.stringify({ username: 'admin', password: 'Admin-Pass-123' })),
      });
      return (await r.json()).data.token as string;
    });
    const setPolicy = (requireTwoFactor: boolean) =>
      page.evaluate(
        async ([required, token]) => {
          const p = await fetch('/api/identity/manageauthenticator/policy', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ requireTwoFactor: required }),
          });
          return (await p.json()).success as boolean;
        },
        [requireTwoFactor, adminToken] as const,
      );
    expect(await setPolicy(true)).toBe(true);
    await page.goto(`${origin}/authentication/login`);
    await signIn(page, 'user', 'User-Pass-123');
    await page.waitForURL(/setup-mfa/);
    const key = (await page.getByTestId('shared-key').textContent())!.replace(/ /g, '');
    await page.fill('#code', codeAt(key, currentStep() - 1));
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.waitForURL(`${origin}/`);
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(/\/authentication\/login/);
    await signIn(page, 'user', 'User-Pass-123');
    await page.waitForURL(/\/authentication\/mfa/);
    // The second factor's marker lives only on its pages: leaving for any other page clears it.
    const marker = async () => (await ctx.cookies()).some((c) => c.name === 'mfa_marker');
    expect(await marker()).toBe(true);
    await page.goto(`${origin}/authentication/forgot-password`);
    await expect.poll(marker).toBe(false);
    await page.goto(`${origin}/authentication/login`);
    await signIn(page, 'user', 'User-Pass-123');
    await page.waitForURL(/\/authentication\/mfa/);
    expect(await marker()).toBe(true);
    await page.locator('#code').pressSequentially('1.2,3-e');
    await expect(page.inputValue('#code')).resolves.toBe('123');
    await page.fill('#code', codeAt(key, currentStep()));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${origin}/`);
    await page.getByTestId('signed-in-name').waitFor();
    expect(await setPolicy(false)).toBe(true);
    await ctx.close();
  });

  it('resets a forgotten password through a mailed link', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/authentication/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.fill('#username', 'admin');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL(/\/authentication\/login/);
    const mail = await smtp.waitFor((m) => m.to.includes('admin@demo.localhost'), 15_000);
    const token = resetTokenIn(mail.raw)!;
    await page.goto(`${origin}/reset-password?token=${token}`);
    await page.fill('#new-password', 'Fresh-Admin-Pass-9');
    await page.fill('#confirm-password', 'Fresh-Admin-Pass-9');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(/\/authentication\/login/);
    await signIn(page, 'admin', 'Fresh-Admin-Pass-9');
    await page.getByTestId('signed-in-name').waitFor();
    await page.close();
  });
});

describe('session expiry in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer({ ACCESS_TOKEN_TTL: '16' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('warns before expiry, continues the session, and signs out at zero', async () => {
    const origin = `http://demo.localhost:${server.port}`;
    const page = await browser.newPage();
    await signInPage(page, origin, 'user', 'User-Pass-123');
    await page.getByText('Your session is expiring soon').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Continue session' }).click();
    await page.getByText('Your session is expiring soon').waitFor({ state: 'hidden' });
    await page.getByText('Your session is expiring soon').waitFor({ timeout: 15_000 });
    await page.getByText('Your session has expired').waitFor({ timeout: 15_000 });
    await page.getByText('You have logged out. please log in again').waitFor();
    await page.waitForURL(/\/authentication\/login/, { timeout: 10_000 });
    await page.close();
  });
});
