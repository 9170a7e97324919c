import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoIds, pagesOf, SIGNED_OUT, visitEach, type DemoIds } from '../support/demo-pages.js';
import { englishOnly } from '../support/locale-texts.js';
import { signInPage, useWeb } from '../support/web.js';

/** Where the tenant's own data shows (app, field and people names, record values), which no language changes. */
const DATA =
  '[data-tenant-text], tbody, .ff-sections, .fd-canvas, .fd-side, [data-testid="module-tree"], [data-testid="favourites"], .subheader-title, nav[aria-label] ol, .react-flow, .wf-steps ol, script, style';

/** Every text the page shows outside the tenant's data, and the names it gives to assistive technology. */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate((data) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text && !n.parentElement?.closest(data)) out.push(text);
    }
    for (const el of document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]')) {
      if (el.closest(data)) continue;
      for (const a of ['aria-label', 'placeholder', 'title']) {
        const v = el.getAttribute(a);
        if (v) out.push(v.trim());
      }
    }
    return out;
  }, DATA);
}

/** A translation key shown as it is (its text is missing). */
const RAW_KEY = /^([A-Z][A-Z0-9_]*\.)+[A-Za-z0-9_]+$|^(config|option|picker|outcome|issue|title)\.[A-Za-z]/;

describe('every built page in every language in Chromium', () => {
  const web = useWeb({ SEED_DEMO_CONTENT: 'on' });
  let ids: DemoIds;
  let admin: Page;

  beforeAll(async () => {
    admin = await (await web.browser.newContext({ viewport: { width: 1366, height: 850 } })).newPage();
    await signInPage(admin, web.origin, 'admin', 'Admin-Pass-123');
    ids = await demoIds(admin);
  });

  it.each(['de', 'es', 'fr', 'ja', 'zh'])(
    'shows no missing text and no English left in %s',
    async (lang) => {
      const english = englishOnly(lang);
      const found: Record<string, string[]> = {};
      const signedOut = await (await web.browser.newContext()).newPage();
      // The language is read from storage on every load, so it is set once per browser context.
      for (const page of [signedOut, admin]) {
        await page.goto(`${web.origin}/404`);
        await page.evaluate((l) => localStorage.setItem('app.language', l), lang);
      }
      const check = async (page: Page, url: string) => {
        expect(await page.evaluate(() => document.documentElement.lang), url).toBe(lang);
        const bad = (await shownTexts(page)).filter((t) => RAW_KEY.test(t) || english.has(t.toLowerCase()));
        if (bad.length) found[url] = [...new Set(bad)];
      };
      await visitEach(signedOut, web.origin, SIGNED_OUT, check);
      await visitEach(admin, web.origin, pagesOf('sysadmin', ids), check);
      await admin.evaluate(() => localStorage.setItem('app.language', 'en'));
      await signedOut.context().close();
      expect(found).toEqual({});
      // Every built page in one language, two at a time (slowly on a busy machine).
    },
    180_000,
  );
});
