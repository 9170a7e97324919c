import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';
import { startOidcIdp, type OidcIdp } from '../support/idp-oidc/provider.js';
import { SamlIdp } from '../support/idp-saml/idp.js';

describe('single sign-on in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let oidc: OidcIdp;
  let saml: SamlIdp;
  let origin = '';

  beforeAll(async () => {
    server = await startServer();
    origin = `http://demo.localhost:${server.port}`;
    // The identity providers run on 127.0.0.1, a private address the server calls only when the tenant allows it.
    const cli = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/tenant.ts', 'set-private-egress', 'demo', 'on'],
      { cwd: path.resolve(import.meta.dirname, '../..'), env: { ...process.env, DATA_DIR: server.dataDir } },
    );
    expect(cli.stdout).toContain("Outbound calls of 'demo' may reach private addresses.");
    oidc = await startOidcIdp([`${origin}/auth/callback`], 'idp.test');
    saml = await SamlIdp.create();
    const entryPoint = await saml.listen();
    // The system administrator configures SSO through the API (bare 127.0.0.1 is the demo tenant).
    const api = `http://127.0.0.1:${server.port}/api`;
    const signIn = await fetch(`${api}/identity/Authentication/authenticateiso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(JSON.stringify({ username: 'admin', password: 'Admin-Pass-123' })),
    });
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const saved = await fetch(`${api}/identity/sso/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        oidc: { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret },
        saml: { entryPoint, idpCert: saml.cert, issuer: 'urn:flowforms:demo' },
        provisioning: 'link',
      }),
    });
    expect(saved.status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await oidc?.close();
    await saml?.close();
    await server?.stop();
  });

  async function openLogin() {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await page.goto(`${origin}/tasks`);
    await page.waitForURL(/\/authentication\/login\?ReturnUrl=%2Ftasks/);
    return { ctx, page };
  }

  async function atOidcProvider(page: Page, login: string) {
    await page.getByRole('button', { name: 'Sign in with single sign-on' }).click();
    await page.waitForURL(`${oidc.issuer}/**`);
    await page.fill('input[name=login]', login);
    await page.fill('input[name=password]', 'anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('signs in through the OpenID provider and lands on ReturnUrl', async () => {
    const { ctx, page } = await openLogin();
    await atOidcProvider(page, 'user');
    await page.waitForURL(`${origin}/tasks`);
    await expect(page.getByTestId('signed-in-name').textContent()).resolves.toBe('Demo User');
    await ctx.close();
  });

  it('tells a user the tenant does not allow, without signing in', async () => {
    const { ctx, page } = await openLogin();
    await atOidcProvider(page, 'stranger');
    await page.waitForURL(/\/authentication\/sso\?error=not-allowed/);
    await page.getByRole('alert').getByText('Your account is not allowed to sign in with single sign-on').waitFor();
    await page.goto(`${origin}/tasks`);
    await page.waitForURL(/\/authentication\/login/);
    await ctx.close();
  });

  it('signs in through the SAML identity provider', async () => {
    const { ctx, page } = await openLogin();
    await page.getByRole('button', { name: 'Sign in with SAML' }).click();
    await page.waitForURL(`${saml.url}/**`);
    await page.getByLabel('Username').fill('user');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${origin}/tasks`);
    await expect(page.getByTestId('signed-in-name').textContent()).resolves.toBe('Demo User');
    await ctx.close();
  });
});
