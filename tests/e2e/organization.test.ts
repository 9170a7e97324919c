import { describe, expect, it } from 'vitest';
import { signInPage, useWeb } from '../support/web.js';

describe('organisation settings in Chromium', () => {
  const web = useWeb();

  it('lets an administrator turn on single sign-on, which then shows on the sign-in page', async () => {
    const ctx = await web.browser.newContext();
    const page = await ctx.newPage();
    await signInPage(page, web.origin, 'admin', 'Admin-Pass-123');
    await page.goto(`${web.origin}/settings/organization`);
    await page.fill('#sso-oidc-issuer', 'https://login.example.test/tenant');
    await page.fill('#sso-oidc-client', 'flowforms-demo');
    await page.fill('#sso-oidc-secret', 's3cret-value');
    await page.getByRole('button', { name: 'Save' }).last().click();
    await page.getByText('Single sign-on settings saved.').waitFor();
    await page.getByText('A secret is stored; leave empty to keep it.').waitFor();
    await expect(page.inputValue('#sso-oidc-secret')).resolves.toBe('');

    const anon = await web.browser.newContext();
    const login = await anon.newPage();
    await login.goto(`${web.origin}/authentication/login`);
    await login.getByRole('button', { name: 'Sign in with single sign-on' }).waitFor();
    await anon.close();
    await ctx.close();
  });

  it('sends a regular user to /404', async () => {
    const ctx = await web.browser.newContext();
    const page = await ctx.newPage();
    await signInPage(page, web.origin, 'user', 'User-Pass-123');
    await page.goto(`${web.origin}/settings/organization`);
    await page.waitForURL(`${web.origin}/404`);
    await ctx.close();
  });
});
