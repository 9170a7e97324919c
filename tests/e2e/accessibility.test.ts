import AxeBuilder from '@axe-core/playwright';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { RoleKind } from '../fixtures/role-menus.js';
import { demoIds, pagesOf, signInAs, SIGNED_OUT, visitEach, type DemoIds } from '../support/demo-pages.js';
import { signInPage, useWeb } from '../support/web.js';

/** The serious and critical problems axe finds on the page as it is now. */
async function violations(page: Page) {
  const r = await new AxeBuilder({ page }).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/**
 * The kinds between a regular user and a system administrator scan only the pages the kinds already scanned do not
 * show them: the same page differs by role mostly in the controls, and the system administrator sees them all.
 */
const SCANNED_BY_OTHERS: Record<RoleKind, RoleKind[]> = {
  regular: [],
  full: ['regular'],
  consultant: ['regular', 'full'],
  administrator: ['regular'],
  sysadmin: [],
};

describe('every built page passes an accessibility scan in Chromium', () => {
  const web = useWeb({ SEED_DEMO_CONTENT: 'on' });
  let ids: DemoIds;

  beforeAll(async () => {
    const admin = await (await web.browser.newContext()).newPage();
    await signInPage(admin, web.origin, 'admin', 'Admin-Pass-123');
    ids = await demoIds(admin);
    await admin.context().close();
  });

  it('signed out', async () => {
    const page = await (await web.browser.newContext({ viewport: { width: 1366, height: 850 } })).newPage();
    const found: Record<string, unknown> = {};
    await visitEach(page, web.origin, SIGNED_OUT, async (tab, url) => {
      const v = await violations(tab);
      if (v.length) found[url] = v;
    });
    expect(found).toEqual({});
    await page.context().close();
  });

  it.each(['regular', 'full', 'consultant', 'administrator', 'sysadmin'] as RoleKind[])(
    'signed in as %s',
    async (kind) => {
      const page = await signInAs(web.browser, web.origin, kind)();
      const found: Record<string, unknown> = {};
      const seen = new Set(SCANNED_BY_OTHERS[kind].flatMap((k) => pagesOf(k, ids)));
      await visitEach(page, web.origin, pagesOf(kind, ids).filter((u) => !seen.has(u)), async (tab, url) => {
        expect(new URL(tab.url()).pathname, url).not.toBe('/404');
        const v = await violations(tab);
        if (v.length) found[url] = v;
      });
      expect(found).toEqual({});
      await page.context().close();
    },
    // A system administrator's pages are many; they are loaded and scanned two at a time (slowly on a busy machine).
    300_000,
  );
});
