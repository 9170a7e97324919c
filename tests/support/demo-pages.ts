import { expect } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { ROLE_FLAGS, type RoleKind } from '../fixtures/role-menus.js';
import { pageData, signInPage } from './web.js';

export const KIND_PW = 'Pages-Pass-123';

/** Ids of the demo content (src/server/demo/) that page addresses need. */
export interface DemoIds {
  moduleId: string;
  /** A claim at the finance step and the administrator's task on it. */
  financeRecord: string;
  financeTask: string;
  /** The demo's reference dataset (cost centres). */
  datasetId: string;
  /** A saved report over the demo app (claims by status), shared with full users and consultants. */
  reportId: string;
}

/** Reads the demo's ids as the administrator sees them, and adds one user of each role kind but the demo's own. */
export async function demoIds(admin: Page): Promise<DemoIds> {
  const apps = await pageData<{ id: string }[]>(admin, 'GET', '/api/form/Editor/ListApplications');
  const tasks = await pageData<{ data: { id: string; record_id: string; activity_title?: string }[] }>(
    admin,
    'POST',
    '/api/Task/datatables',
    { page: 1, length: 10 },
  );
  const task = tasks.data[0]!;
  for (const kind of ['full', 'consultant', 'administrator'] as RoleKind[]) {
    const r = await pageData(admin, 'POST', '/api/people/users', {
      username: `${kind}.kind`,
      email: `${kind}.kind@demo.test`,
      fullname: `The ${kind}`,
      password: KIND_PW,
      ...ROLE_FLAGS[kind],
    });
    expect(r).toBeTruthy();
  }
  const datasets = await pageData<{ id: string }[]>(admin, 'GET', '/api/ReferenceData/ListDataset');
  const report = await pageData<{ id: string }>(admin, 'POST', '/api/form/report/save', {
    name: 'Claims by status',
    folder: 'Finance',
    notes: 'Every claim by where it stands.',
    spec: {
      moduleId: apps[0]!.id,
      groupBy: [{ column: 'process_status' }],
      measures: [{ aggregate: 'count' }],
      chart: 'bar',
    },
    sharedWith: [
      { kind: 'role', id: 'fullUser' },
      { kind: 'role', id: 'consultant' },
    ],
  });
  return {
    moduleId: apps[0]!.id,
    financeRecord: task.record_id,
    financeTask: task.id,
    datasetId: datasets[0]!.id,
    reportId: report.id,
  };
}

/** Pages without a sign-in. */
export const SIGNED_OUT = [
  '/authentication/login',
  '/authentication/forgot-password',
  '/403?message=This%20organisation%20is%20suspended',
  '/404',
  '/maintenance',
  '/error',
  '/mtd-corporation-tax',
];

/** The built pages each kind of user may open, as addresses in the demo tenant. */
export function pagesOf(kind: RoleKind | 'demo-user', ids: DemoIds): string[] {
  const m = ids.moduleId;
  const everyone = [
    '/tasks',
    '/applications',
    `/module/${m}`,
    `/item-editor/${m}`,
    '/notifications',
    '/app/user/profile',
    '/help',
    '/help/sign-in-2fa',
  ];
  const designer = [
    `/form-editor/show/${m}`,
    `/form-editor/show/${m}/workflow`,
    '/referencedata',
    '/referencedata/new',
    `/referencedata/${ids.datasetId}`,
    '/data-connector',
    '/data-connector/rest',
    '/data-connector/rest/new',
    '/inquiry',
    '/reports',
    `/report-designer?id=${ids.reportId}`,
    `/report-viewer?id=${ids.reportId}`,
    '/dashboard',
    '/dashboard-landing',
    '/list-dashboard',
    `/business-intelligence?moduleId=${m}`,
    '/business-intelligence-landing',
    '/bi-reports',
  ];
  const managers = [
    '/settings/user-management/FULL_USER',
    '/settings/team-management',
    '/organization',
    '/module-categories',
    '/webhooks',
    '/webhooks/add',
    '/robotic-automation',
    '/robotic-automation/add',
    // Consultants see its roles overview; administrators also edit app permissions and explain access.
    '/settings/roles-permissions',
  ];
  switch (kind) {
    case 'demo-user':
    case 'regular':
      return [...everyone, `/schedule-editor/${m}`, '/app/user/profile/security-question'];
    case 'full':
      return [...everyone, ...designer];
    case 'consultant':
      return [...everyone, ...designer, ...managers, '/settings/menu'];
    case 'administrator':
      return [...everyone, ...managers, '/settings/organization', '/settings/menu'];
    case 'sysadmin':
      return [
        ...everyone,
        ...designer,
        ...managers,
        '/settings/organization',
        '/settings/menu',
        `/task-editor/${m}/${ids.financeRecord}/${ids.financeTask}`,
        '/process-engine',
        `/process-engine/${ids.financeRecord}`,
        '/process/dashboard',
      ];
  }
}

/** Who signs in for a kind: the demo's own users, or the ones demoIds() added. */
export function signInAs(browser: Browser, origin: string, kind: RoleKind | 'demo-user') {
  return async (): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 850 } })).newPage();
    if (kind === 'sysadmin') await signInPage(page, origin, 'admin', 'Admin-Pass-123');
    else if (kind === 'regular' || kind === 'demo-user') await signInPage(page, origin, 'user', 'User-Pass-123');
    else await signInPage(page, origin, `${kind}.kind`, KIND_PW);
    return page;
  };
}

/** The requests each page has in flight, counted from the first time it is opened here. */
const inFlight = new WeakMap<Page, Set<Request>>();
function requestsOf(page: Page): Set<Request> {
  let open = inFlight.get(page);
  if (!open) {
    const set = (open = new Set<Request>());
    page.on('request', (r) => set.add(r));
    page.on('requestfinished', (r) => set.delete(r));
    page.on('requestfailed', (r) => set.delete(r));
    inFlight.set(page, set);
  }
  return open;
}

/**
 * Waits until the page has had no request in flight for `quietMs` (at most 10 s): Playwright's "networkidle" waits
 * a fixed 500 ms, which adds minutes over the hundreds of pages the scans open.
 */
async function networkQuiet(page: Page, quietMs: number) {
  const open = requestsOf(page);
  const until = Date.now() + 10_000;
  let since = Date.now();
  while (Date.now() - since < quietMs && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    if (open.size) since = Date.now();
  }
}

/** Opens a page the way a user would and waits until it has loaded what it shows. */
export async function openPage(page: Page, url: string) {
  requestsOf(page);
  await page.goto(url);
  await networkQuiet(page, 250);
  await page
    .locator('.page-spinner, .bp6-spinner')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(150);
}

/**
 * Opens each of `paths` (on `origin`) the way openPage does and hands it to `check`, in `tabs` tabs of `page`'s
 * browser context at once: loading a page mostly waits (for the network to go quiet, for spinners), so a second tab
 * shortens a walk over every page by about 40 % without any page loading differently. The tabs share the sign-in
 * and language of the context.
 */
export async function visitEach(
  page: Page,
  origin: string,
  paths: string[],
  check: (page: Page, path: string) => Promise<void>,
  tabs = 2,
) {
  const more = await Promise.all(Array.from({ length: tabs - 1 }, () => page.context().newPage()));
  let next = 0;
  const walk = async (tab: Page) => {
    for (let path = paths[next++]; path !== undefined; path = paths[next++]) {
      await openPage(tab, `${origin}${path}`);
      await check(tab, path);
    }
  };
  try {
    await Promise.all([page, ...more].map(walk));
  } finally {
    await Promise.all(more.map((tab) => tab.close()));
  }
}
