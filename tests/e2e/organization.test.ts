import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

describe('organisation settings in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let origin = '';
  beforeAll(async () => {
    server = await startServer();
    origin = `http://demo.localhost:${server.port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signIn(page: Page, username: string, password: string) {
    await page.goto(`${origin}/authentication/login`);
    await page.fill('#username', username);
    await page.fill('#password', password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/authentication'));
  }

  it('lets an administrator turn on single sign-on, which then shows on the sign-in page', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signIn(page, 'admin', 'Admin-Pass-123');
    await page.goto(`${origin}/settings/organization`);
    await page.fill('#sso-oidc-issuer', 'https://login.example.test/tenant');
    await page.fill('#sso-oidc-client', 'flowforms-demo');
    await page.fill('#sso-oidc-secret', 's3cret-value');
    await page.getByRole('button', { name: 'Save' }).last().click();
    await page.getByText('Single sign-on settings saved.').waitFor();
    await page.getByText('A secret is stored; leave empty to keep it.').waitFor();
    await expect(page.inputValue('#sso-oidc-secret')).resolves.toBe('');

    const anon = await browser.newContext();
    const login = await anon.newPage();
    await login.goto(`${origin}/authentication/login`);
    await login.getByRole('button', { name: 'Sign in with single sign-on' }).waitFor();
    await anon.close();
    await ctx.close();
  });

  it('sends a regular user to /404', async () => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signIn(page, 'user', 'User-Pass-123');
    await page.goto(`${origin}/settings/organization`);
    await page.waitForURL(`${origin}/404`);
    await ctx.close();
  });
});
