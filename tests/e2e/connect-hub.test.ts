import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, signInPage, useWeb } from '../support/web.js';
import { startCompaniesHouse } from '../support/connect-hub-servers.js';

const CH_KEY = 'ch-e2e-key-3b1d';
const TOKEN = 'shpat_e2e_token_8c2f';

describe('connect hub in Chromium', () => {
  const web = useWeb();
  let ch: Awaited<ReturnType<typeof startCompaniesHouse>>;
  /** The operator's CLI against the test server's data folder. */
  const tenantCli = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli/tenant.ts', ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: web.server.dataDir },
    });

  beforeAll(async () => {
    ch = await startCompaniesHouse(CH_KEY);
    await tenantCli('set-private-egress', 'demo', 'on');
    const { stdout } = await tenantCli('licence', 'demo', 'companyhouse', 'on');
    expect(stdout).toContain("The companyhouse bot licence of 'demo' is on.");
  });
  afterAll(() => ch?.close());

  it('shows licences in the menu, looks a company up, and keeps a store key masked', async () => {
    const page = await web.browser.newPage({ viewport: { width: 1920, height: 1000 } });
    await signInPage(page, web.origin, ...DEMO_ADMIN);

    // The menu: Companies House licensed, e-commerce not (tooltip), travel management disabled.
    const hub = page.locator('.header-menu button[data-menu-id="CONNECT_HUB"]');
    await page.locator('.header-menu [data-menu-id="APPS"]').waitFor();
    if (await hub.count()) await hub.click();
    else await page.getByTestId('header-more').click();
    const entry = (id: string) => page.locator(`.bp6-popover [data-menu-id="${id}"]`);
    await entry('TRAVEL_MANAGEMENT').waitFor();
    expect(await entry('TRAVEL_MANAGEMENT').getAttribute('aria-disabled')).toBe('true');
    expect(await entry('ECOMMERCE').getAttribute('aria-disabled')).toBe('true');
    expect(await entry('COMPANIES_HOUSE').getAttribute('aria-disabled')).not.toBe('true');
    await entry('ECOMMERCE').getByText('E-commerce', { exact: true }).hover();
    await page.getByText('You need to add E-commerce Bot licence').waitFor();
    await page.screenshot({ path: '/tmp/connecthub-menu.png' });
    await entry('COMPANIES_HOUSE').click();
    await page.waitForURL('**/connect-hub/companies-house');

    // Companies House settings, then a lookup through them.
    await page.getByLabel('API address (base URL)').fill(ch.url);
    await page.getByLabel('API key').fill(CH_KEY);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The settings have been saved.').waitFor();
    expect(await page.getByLabel('API key').inputValue()).toBe('');
    expect(await page.getByLabel('API key').getAttribute('placeholder')).toBe('••••••••');
    await page.getByLabel('Number or name').fill('00445790');
    await page.getByRole('button', { name: 'Look up' }).click();
    const results = page.getByTestId('company-results');
    await results.getByText('TESCO PLC').waitFor();
    expect(await results.innerText()).toContain('Tesco House, Shire Park, Welwyn Garden City, AL7 1GA');
    await page.getByTestId('usage-totals').getByText('calls: 1', { exact: false }).waitFor();
    expect(ch.seen.at(-1)?.path).toBe('/company/00445790');
    await page.screenshot({ path: '/tmp/connecthub-companies-house.png', fullPage: true });

    // A store key: saved, then shown only as a mask, never as the token.
    await page.goto(`${web.origin}/connect-hub/store-key/add`);
    await page.getByTestId('licence-callout').getByText('You need to add E-commerce Bot licence').waitFor();
    await page.getByLabel('Name').fill('Main shop');
    await page.getByLabel('Store address').fill('https://main-shop.myshopify.com');
    await page.getByLabel('Admin API access token').fill(TOKEN);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The store key has been saved.').waitFor();
    await page.waitForURL(/\/connect-hub\/store-key\/[0-9a-f-]{36}$/);
    expect(await page.getByLabel('Admin API access token').inputValue()).toBe('');
    expect(await page.getByLabel('Admin API access token').getAttribute('placeholder')).toBe('••••••••');
    await page.getByRole('link', { name: 'All store keys' }).click();
    const row = page.getByTestId('store-key-Main shop');
    await row.waitFor();
    expect(await row.innerText()).toContain('••••••••');
    expect(await page.content()).not.toContain(TOKEN);
    await page.screenshot({ path: '/tmp/connecthub-ecommerce.png', fullPage: true });
    await page.close();
  });
});
