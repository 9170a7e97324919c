import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ADMIN, pageData, signInPage, useWeb } from '../support/web.js';

const SHOTS = '/tmp/shots-bi-pivot';
const VIEWER = ['pia.viewer', 'Viewer-Pass-123'] as const;
/** [name, country, tier]: all made by the viewer, so both users may open every customer. */
const CUSTOMERS = [
  ['Alpha', 'DE', 'gold'],
  ['Beta', 'FR', 'silver'],
  ['Gamma', 'DE', 'silver'],
] as const;
type Order = [customer: string | null, amount: number];
/** The administrator's orders (one without a customer), then the viewer's, who may open only her own. */
const ADMIN_ORDERS: Order[] = [
  ['Alpha', 10],
  ['Alpha', 20.25],
  ['Beta', 5],
  ['Gamma', 7.5],
  [null, 3],
];
const VIEWER_ORDERS: Order[] = [
  ['Alpha', 100],
  ['Beta', 50],
  ['Gamma', 1.75],
];
const EMPTY = '(empty)';

const text = (name: string, label: string) => ({ name, label, fieldType: 'text' });
const customersApp = {
  display_name: 'Customers',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [{ fields: [text('name', 'Name'), text('country', 'Country'), text('tier', 'Tier')] }],
    },
  ],
};
const ordersApp = (customersId: string) => ({
  display_name: 'Orders',
  fieldGroups: [
    {
      id: 'g',
      label: 'G',
      rows: [
        {
          fields: [
            { name: 'amount', label: 'Amount', fieldType: 'number', config: { decimalPlaces: 2 } },
            {
              name: 'customer',
              label: 'Customer',
              fieldType: 'lookup',
              config: {
                moduleId: customersId,
                displayField: 'name',
                displayColumns: [],
                filters: [],
                sortType: 'Ascending',
                flowToLookUp: [],
              },
            },
          ],
        },
      ],
    },
  ],
});

/** The pivot computed here: "country|tier" → sum of the amount, and the grand total. */
function expected(orders: Order[]) {
  const cells = new Map<string, number>();
  let total = 0;
  for (const [name, amount] of orders) {
    const c = CUSTOMERS.find(([n]) => n === name);
    const key = `${c?.[1] ?? EMPTY}|${c?.[2] ?? EMPTY}`;
    cells.set(key, (cells.get(key) ?? 0) + amount);
    total += amount;
  }
  return { cells, total };
}

/** The card's result table as "row|column" → figure, and the grand total of the measure. */
async function shownPivot(page: Page) {
  const table = page.getByTestId('bi-pivot').locator('.report-table');
  await table.waitFor();
  return table.evaluate((t) => {
    const heads = [...t.querySelectorAll('thead th')].map((th) => th.textContent!.trim());
    const cells: [string, number][] = [];
    let total = NaN;
    for (const tr of t.querySelectorAll<HTMLElement>('tbody tr')) {
      const tds = [...tr.children];
      const label = tds[0]!.textContent!.trim();
      tds.forEach((td, j) => {
        const v = td.querySelector<HTMLElement>('button.report-figure')?.dataset.value;
        if (v === undefined) return;
        // The last column is the row's total of the measure.
        if (j === tds.length - 1) {
          if (tr.dataset.kind === 'total') total = Number(v);
        } else if (tr.dataset.kind === 'row') cells.push([`${label}|${heads[j]}`, Number(v)]);
      });
    }
    return { cells, total };
  });
}

async function pickAndRun(page: Page, origin: string) {
  await page.goto(`${origin}/business-intelligence`);
  await page.locator('#bi-app').selectOption({ label: 'Orders' });
  const card = page.getByTestId('bi-pivot');
  await card.waitFor();
  await card.locator('#bi-join').selectOption({ label: 'Customer → Customers' });
  await card.locator('#bi-rows').selectOption('customer.country');
  await card.locator('#bi-cols').selectOption('customer.tier');
  await card.locator('#bi-measure').selectOption({ label: 'Sum of Amount' });
  await card.getByRole('button', { name: 'Run', exact: true }).click();
  return shownPivot(page);
}

function expectPivot(shown: Awaited<ReturnType<typeof shownPivot>>, orders: Order[]) {
  const want = expected(orders);
  expect(new Set(shown.cells.map(([k]) => k))).toEqual(new Set(want.cells.keys()));
  for (const [k, v] of shown.cells) expect(v, k).toBeCloseTo(want.cells.get(k)!, 6);
  expect(shown.total).toBeCloseTo(want.total, 6);
}

describe('the cross-app pivot in Chromium', () => {
  const web = useWeb();

  it('pivots two apps joined by a lookup, counting only the records each user may open', async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const admin = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(admin, web.origin, ...DEMO_ADMIN);
    await pageData(admin, 'POST', '/api/people/users', {
      username: VIEWER[0],
      email: 'pia@demo.test',
      fullname: 'Pia Viewer',
      password: VIEWER[1],
      isFullUser: true,
    });
    const publish = async (name: string, module: object) => {
      const { id } = await pageData<{ id: string }>(admin, 'POST', '/api/form/Editor/CreateProcessFromScratch', {
        name,
      });
      await pageData(admin, 'POST', `/api/form/Editor/SaveForm?id=${id}`, { module });
      await pageData(admin, 'POST', `/api/form/Editor/publish?id=${id}`, {});
      return id;
    };
    const customersId = await publish('Customers', customersApp);
    const ordersId = await publish('Orders', ordersApp(customersId));
    const viewer = await web.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInPage(viewer, web.origin, ...VIEWER);
    const submit = (page: Page, moduleId: string, data: object) =>
      pageData<{ recordId: string }>(page, 'POST', '/api/EntryModule/submit', { moduleId, data });
    const ids = new Map<string, string>();
    for (const [name, country, tier] of CUSTOMERS)
      ids.set(name, (await submit(viewer, customersId, { name, country, tier })).recordId);
    for (const [page, orders] of [
      [admin, ADMIN_ORDERS],
      [viewer, VIEWER_ORDERS],
    ] as const)
      for (const [name, amount] of orders)
        await submit(page, ordersId, { amount, ...(name ? { customer: { id: ids.get(name), label: name } } : {}) });

    // The administrator opens every order: all eight count.
    expectPivot(await pickAndRun(admin, web.origin), [...ADMIN_ORDERS, ...VIEWER_ORDERS]);
    await admin.getByTestId('bi-pivot').screenshot({ path: `${SHOTS}/bi-pivot-admin.png` });
    await admin.screenshot({ path: `${SHOTS}/bi-page.png` });

    // The viewer opens only her three orders: the same choices give smaller totals.
    const mine = await pickAndRun(viewer, web.origin);
    expectPivot(mine, VIEWER_ORDERS);
    expect(mine.total).toBeLessThan(expected([...ADMIN_ORDERS, ...VIEWER_ORDERS]).total);
    await viewer.getByTestId('bi-pivot').screenshot({ path: `${SHOTS}/bi-pivot-viewer.png` });
  });
});
