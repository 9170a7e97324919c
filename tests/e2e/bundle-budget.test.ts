import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

/** Gzipped JavaScript a person waits for before they can work: the sign-in page's budget. */
const SIGN_IN_KIB = 350;
/**
 * Sign-in and then a first record form (the landing task list and the shell included), within the same 350 KiB.
 * What it holds: React and react-dom, react-router, Blueprint's basics (no popover engine: the shell's menus and
 * popovers bring PopoverNext and floating-ui when one opens), i18next with English, TanStack Query, jotai, axios,
 * @microsoft/signalr for the hub, and the form: rjsf as its host (without its markdown parser and URI library), the
 * field manifests and plain field types. Other field types, ajv and re2js (forms with patterns or uncommon keywords),
 * icon paths and the pages not opened load when used.
 */
const FORM_KIB = 350;
const webDir = process.env.WEB_DIR || path.resolve(import.meta.dirname, '../../dist/web');

/** Records every script the page loads, by path. */
function scriptsOf(page: Page) {
  const seen = new Set<string>();
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (r.request().resourceType() === 'script' || u.pathname.endsWith('.js')) seen.add(u.pathname);
  });
  return seen;
}

/** Gzipped size of each script as built, largest first, with the total, in KiB. */
function sizes(paths: Iterable<string>) {
  const rows = [...paths].map((p) => {
    const file = fs.readFileSync(path.join(webDir, p));
    return { file: p, kib: zlib.gzipSync(file, { level: 9 }).byteLength / 1024 };
  });
  rows.sort((a, b) => b.kib - a.kib);
  const total = rows.reduce((t, r) => t + r.kib, 0);
  const table = [
    ...rows.map((r) => `${r.kib.toFixed(1).padStart(8)} KiB  ${r.file}`),
    `${total.toFixed(1).padStart(8)} KiB  total`,
  ];
  return { total, table: table.join('\n') };
}

describe('JavaScript budget in Chromium', () => {
  const web = useWeb();

  it('keeps the JavaScript of the sign-in page, and of sign-in plus a first record form, within budget', async () => {
    const page = await web.browser.newPage();
    const scripts = scriptsOf(page);
    await page.goto(`${web.origin}/authentication/login`);
    await page.locator('#username').waitFor();
    await page.waitForLoadState('networkidle');
    const signIn = sizes(scripts);
    console.log(`Sign-in page JavaScript (gzipped):\n${signIn.table}`);
    await signInPage(page, web.origin, ...DEMO_ADMIN);
    const created = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Budget form',
    });
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${created.id}`, {
      module: {
        display_name: 'Budget form',
        fieldGroups: [
          { id: 'g', label: 'G', rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text' }] }] },
        ],
      },
    });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${created.id}`, {});
    await page.goto(`${web.origin}/task-editor/${created.id}`);
    await page.locator('#field-title').waitFor();
    await page.waitForLoadState('networkidle');
    const withForm = sizes(scripts);
    console.log(`Sign-in and a first record form (gzipped):\n${withForm.table}`);
    expect(signIn.total, signIn.table).toBeLessThanOrEqual(SIGN_IN_KIB);
    expect(withForm.total, withForm.table).toBeLessThanOrEqual(FORM_KIB);
    // Code only designers and other pages use never comes with them, nor the shell's popovers until one opens.
    const elsewhere = ['editor.api', 'FormDesignerPage', 'WorkflowDesignerPage', 'echarts', 'paths-', 'popover-parts'];
    for (const heavy of elsewhere)
      expect(
        [...scripts].filter((s) => s.includes(heavy)),
        heavy,
      ).toEqual([]);

    // A form with a pattern brings the validation engines (ajv, re2js) along and checks the pattern as the server does.
    const patterned = await pageData<{ id: string }>(page, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
      name: 'Pattern form',
    });
    await pageData(page, 'POST', `/api/form/Editor/SaveForm?id=${patterned.id}`, {
      module: {
        display_name: 'Pattern form',
        fieldGroups: [
          {
            id: 'g',
            label: 'G',
            rows: [{ fields: [{ name: 'code', label: 'Code', fieldType: 'text', regex: '^[A-Z]+$' }] }],
          },
        ],
      },
    });
    await pageData(page, 'POST', `/api/form/Editor/publish?id=${patterned.id}`, {});
    await page.goto(`${web.origin}/task-editor/${patterned.id}`);
    await page.fill('#field-code', 'abc');
    await page.locator('#field-code').blur();
    await page.getByText('Code is not valid').waitFor();
    await page.fill('#field-code', 'ABC');
    await expect.poll(() => page.getByText('Code is not valid').count()).toBe(0);
    expect([...scripts].some((s) => s.includes('safe-regex'))).toBe(true);

    // Opened from the keyboard, a shell popover brings its code and opens; the button keeps the focus afterwards.
    const userMenu = page.getByTestId('user-menu');
    await userMenu.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
    expect([...scripts].some((s) => s.includes('popover-parts'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => userMenu.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.close();
  });
});
