import { describe, expect, it } from 'vitest';
import { getWithHost } from '../support/server.js';
import { useWeb } from '../support/web.js';

describe('smoke: the real server serves the web app', () => {
  const web = useWeb();

  it('renders the sign-in page with validation messages, tenant support details and a language switch', async () => {
    const page = await web.browser.newPage();
    await page.goto(`${web.origin}/authentication/login`);
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
    const res = await fetch(`${web.server.url}/some/deep/link`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    const a = await fetch(`${web.server.url}${asset}`);
    expect(a.headers.get('cache-control')).toContain('immutable');
  });

  it('answers tenant info by host label, 403 for an unknown label', async () => {
    const ok = await getWithHost(web.server, '/api/sys/tenant/info', `demo.localhost:${web.server.port}`);
    expect(JSON.parse(ok.body).data.domain).toBe('demo');
    const no = await getWithHost(web.server, '/api/sys/tenant/info', `nobody.localhost:${web.server.port}`);
    expect(no.status).toBe(403);
    expect(JSON.parse(no.body)).toEqual({ success: false, message: expect.stringContaining('not registered') });
  });
});
