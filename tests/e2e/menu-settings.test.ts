import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

const SHOTS = '/tmp/shots-menu';
const headerIds = (page: Page) =>
  page.locator('nav.header-menu [data-menu-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-id')));

/** Serious and critical accessibility problems on the page as it is now. */
async function violations(page: Page) {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** Drags a row's handle onto another row (dnd-kit needs real pointer moves past its 4 px threshold). */
async function dragOnto(page: Page, id: string, ontoId: string) {
  const from = (await page.getByTestId(`drag-${id}`).boundingBox())!;
  const to = (await page.locator(`[data-entry="${ontoId}"]`).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 12, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 3, { steps: 12 });
  await page.mouse.up();
}

describe('menu settings and maintenance in Chromium', () => {
  const web = useWeb();

  it('reorders and renames the menu for everyone at once, then sends users to /maintenance and back', async () => {
    const admin = await (await web.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signInPage(admin, web.origin, ...DEMO_ADMIN);
    await pageData(admin, 'POST', '/api/people/users', {
      username: 'fay',
      email: 'fay@demo.test',
      fullname: 'Fay Full',
      password: 'Fay-Pass-12345',
      isFullUser: true,
    });
    // The second user is signed in in another browser context and stays on their page throughout.
    const fay = await (await web.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signInPage(fay, web.origin, 'fay', 'Fay-Pass-12345');
    await fay.locator('nav.header-menu [data-menu-id="APPS"]').waitFor();
    expect((await headerIds(fay)).slice(0, 2)).toEqual(['APPS', 'DASHBOARD']);

    await admin.goto(`${web.origin}/settings/menu`);
    await admin.getByRole('heading', { name: 'Menu settings' }).waitFor();
    await dragOnto(admin, 'REFERENCE_DATA', 'APPS');
    const rows = () => admin.locator('[data-entry]').evaluateAll((els) => els.map((e) => e.getAttribute('data-entry')));
    expect((await rows()).slice(0, 2)).toEqual(['REFERENCE_DATA', 'APPS']);
    // dnd-kit swallows the first click that follows a drag; a user clicks again, so does the test.
    await expect
      .poll(
        async () => {
          await admin.locator('[data-entry="APPS"] .ms-label').click();
          return admin.locator('#ms-label').count();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);
    await admin.locator('#ms-label').fill('Our apps');
    await admin.screenshot({ path: `${SHOTS}/settings-menu.png` });
    expect(await violations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Menu saved.').first().waitFor();

    // No reload: the hub's MenuChanged refetches the second user's menu.
    await expect
      .poll(async () => (await headerIds(fay)).slice(0, 2), { timeout: 10_000 })
      .toEqual(['REFERENCE_DATA', 'APPS']);
    await expect(fay.locator('nav.header-menu [data-menu-id="APPS"]').innerText()).resolves.toBe('Our apps');
    // The administrator's own header follows too.
    await expect.poll(async () => (await headerIds(admin))[0], { timeout: 10_000 }).toBe('REFERENCE_DATA');

    // Maintenance on: the second user's page is sent to /maintenance with the message.
    await admin.locator('#ms-maint-message').fill('Back at six.');
    await admin.locator('.ms-maintenance .bp6-switch').click();
    await admin.getByText('Maintenance mode is on.').first().waitFor();
    await fay.waitForURL(/\/maintenance$/, { timeout: 15_000 });
    await expect(fay.getByTestId('maintenance-message').innerText()).resolves.toBe('Back at six.');
    await fay.waitForLoadState('networkidle');
    await fay.waitForTimeout(300);
    await fay.screenshot({ path: `${SHOTS}/maintenance.png` });
    expect(await violations(fay)).toEqual([]);
    // The system administrator still works.
    await admin.reload();
    await admin.getByRole('heading', { name: 'Menu settings' }).waitFor();
    await admin.screenshot({ path: `${SHOTS}/settings-menu-maintenance.png` });

    await admin.locator('.ms-maintenance .bp6-switch').click();
    await admin.getByText('Maintenance mode is off.').first().waitFor();
    await fay.getByRole('button', { name: 'Check again' }).click();
    await fay.getByText('Maintenance is over').waitFor();
    await fay.getByRole('button', { name: 'Back to the application' }).click();
    await fay.locator('nav.header-menu [data-menu-id="REFERENCE_DATA"]').waitFor();

    // A consultant sees the Menu settings entry and the page, read-only.
    await pageData(admin, 'POST', '/api/people/users', {
      username: 'cole',
      email: 'cole@demo.test',
      fullname: 'Cole Consultant',
      password: 'Cole-Pass-12345',
      isConsultant: true,
    });
    const cole = await (await web.browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await signInPage(cole, web.origin, 'cole', 'Cole-Pass-12345');
    await cole.goto(`${web.origin}/settings/menu`);
    await cole.getByText('You can look at the menu settings; administrators change them.').waitFor();
    await expect(cole.getByRole('button', { name: 'Add link' }).isDisabled()).resolves.toBe(true);
    await cole.locator('[data-entry="APPS"] .ms-label').click();
    await expect(cole.locator('#ms-label').isDisabled()).resolves.toBe(true);
    await cole.screenshot({ path: `${SHOTS}/settings-menu-consultant.png` });
  });
});
