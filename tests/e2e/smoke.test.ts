import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { getWithHost, startServer, type RunningServer } from '../support/server.js';

describe('smoke: the real server serves the web app', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders the sign-in page with validation messages, tenant support details and a language switch', async () => {
    const page = await browser.newPage();
    await page.goto(`http://demo.localhost:${server.port}/authentication/login`);
    await expect(page.getByRole('heading', { name: 'Sign in' }).isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.fill('#password', 'ab');
    await page.getByText('Minimum 3 characters').waitFor();
    await page.getByText('support@demo.localhost').waitFor();
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.close();
  });

  it('falls back to index.html for deep links and caches hashed assets for a year', async () => {
    const res = await fetch(`${server.url}/some/deep/link`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    const a = await fetch(`${server.url}${asset}`);
    expect(a.headers.get('cache-control')).toContain('immutable');
  });

  it('answers tenant info by host label, 403 for an unknown label', async () => {
    const ok = await getWithHost(server, '/api/sys/tenant/info', `demo.localhost:${server.port}`);
    expect(JSON.parse(ok.body).data.domain).toBe('demo');
    const no = await getWithHost(server, '/api/sys/tenant/info', `nobody.localhost:${server.port}`);
    expect(no.status).toBe(403);
    expect(JSON.parse(no.body)).toEqual({ success: false, message: expect.stringContaining('not registered') });
  });
});
