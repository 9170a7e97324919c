import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBotLicence } from '../../src/server/bots/licences.js';
import { allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';
import { startCompaniesHouse, startStores } from '../support/connect-hub-servers.js';

const B = '/api/bot';
const KEY = 'ch-live-key-7f3a';

type MenuItem = { id: string; disabled?: boolean; tooltip_key?: string; children?: MenuItem[] };

describe.each(await testDialects())('connect hub on %s', (dialect) => {
  const o = useOffice(dialect, []);
  let ch: Awaited<ReturnType<typeof startCompaniesHouse>>;
  const put = (url: string, payload: object) =>
    o.t.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: `Bearer ${o.tok.admin}`, host: 'acme.localhost' },
      payload,
    });
  const del = (url: string) =>
    o.t.app.inject({
      method: 'DELETE',
      url,
      headers: { authorization: `Bearer ${o.tok.admin}`, host: 'acme.localhost' },
    });

  beforeAll(async () => {
    ch = await startCompaniesHouse(KEY);
    await allowPrivateEgress(o, true);
  });
  afterAll(() => ch?.close());

  it('shows unlicensed bots disabled in the menu with the licence tooltip, and travel management disabled', async () => {
    const hub = async () =>
      ((await o.get('admin', '/api/sys/permissions/menu/sidebar')).json().data as MenuItem[]).find(
        (i) => i.id === 'CONNECT_HUB',
      )!.children!;
    const before = await hub();
    expect(before.find((c) => c.id === 'COMPANIES_HOUSE')).toMatchObject({
      disabled: true,
      tooltip_key: 'CH.LICENCE_NEEDED.companyhouse',
    });
    expect(before.find((c) => c.id === 'TRAVEL_MANAGEMENT')).toMatchObject({ disabled: true });
    const lookup = await o.post('admin', `${B}/connecthublinkedlookup`, { number: '00445790' });
    expect(lookup.statusCode).toBe(403);
    expect(lookup.json().message).toBe('You need to add Companies House Bot licence');

    await setBotLicence(o.t.db, 'acme', 'companyhouse', true);
    await setBotLicence(o.t.db, 'acme', 'ecommerce', true);
    await setBotLicence(o.t.db, 'acme', 'ecommerce', true);
    const after = await hub();
    expect(after.find((c) => c.id === 'COMPANIES_HOUSE')?.disabled).toBeUndefined();
    expect(after.find((c) => c.id === 'STORE_KEY')?.disabled).toBeUndefined();
    expect(after.find((c) => c.id === 'TRAVEL_MANAGEMENT')?.disabled).toBe(true);
    const bots = (await o.get('admin', `${B}/list`)).json().data;
    expect(bots).toEqual([
      { id: 'companyhouse', name: 'Companies House', available: true, licensed: true },
      { id: 'ecommerce', name: 'E-commerce', available: true, licensed: true },
      { id: 'travelmanagement', name: 'Travel management', available: false, licensed: false },
    ]);
  });

  it('saves variables with the secret sealed and never shown, and looks companies up through them', async () => {
    const saved = await o.post('admin', `${B}/companyhouse/variables`, {
      values: { baseUrl: `${ch.url}/`, apiKey: KEY },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(KEY);
    expect(saved.json().data.variables).toEqual([
      { name: 'baseUrl', secret: false, value: ch.url, hasValue: true },
      { name: 'apiKey', secret: true, value: null, hasValue: true },
    ]);
    // '' keeps the secret; an unknown variable or a bad address is refused.
    expect(
      (await o.post('admin', `${B}/companyhouse/variables`, { values: { apiKey: '' } })).json().data.variables[1],
    ).toMatchObject({ hasValue: true });
    expect((await o.post('admin', `${B}/companyhouse/variables`, { values: { nope: 'x' } })).statusCode).toBe(400);
    expect((await o.post('admin', `${B}/companyhouse/variables`, { values: { baseUrl: 'ftp://x' } })).statusCode).toBe(
      400,
    );
    const row = await o.tdb
      .selectFrom('bot_variables')
      .select('value')
      .where('name', '=', 'apiKey')
      .executeTakeFirstOrThrow();
    expect(row.value.startsWith('enc:v1:')).toBe(true);
    expect(row.value).not.toContain(KEY);
    expect((await o.get('admin', `${B}/companyhouse/variables`)).body).not.toContain(KEY);

    const byNumber = await o.post('admin', `${B}/connecthublinkedlookup`, { number: '00445790' });
    expect(byNumber.json(), byNumber.body).toMatchObject({
      success: true,
      data: {
        items: [
          {
            id: '00445790',
            label: 'TESCO PLC',
            values: {
              number: '00445790',
              name: 'TESCO PLC',
              status: 'active',
              address: 'Tesco House, Shire Park, Welwyn Garden City, AL7 1GA',
              incorporatedOn: '1947-11-27',
            },
          },
        ],
      },
    });
    const byName = await o.post('admin', `${B}/connecthublinkedlookup`, { name: 'tesc' });
    expect(byName.json().data.items.map((i: { id: string }) => i.id)).toEqual(['00445790', '07412345']);
    expect((await o.post('admin', `${B}/connecthublinkedlookup`, { number: '99999999' })).json().data.items).toEqual(
      [],
    );
    expect(ch.seen.map((s) => s.path)).toEqual([
      '/company/00445790',
      '/search/companies?q=tesc&items_per_page=20',
      '/company/99999999',
    ]);
    expect(ch.seen[0]!.auth).toBe(`Basic ${Buffer.from(`${KEY}:`).toString('base64')}`);

    // A wrong key: the call fails with a clear message and counts as an error.
    await o.post('admin', `${B}/companyhouse/variables`, { values: { apiKey: 'wrong' } });
    const refused = await o.post('admin', `${B}/connecthublinkedlookup`, { number: '00445790' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe('Companies House refused the API key');
    await o.post('admin', `${B}/companyhouse/variables`, { values: { apiKey: KEY } });
  });

  it('counts usage per bot and day, with a traffic dashboard', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const page = (await o.post('admin', `${B}/usage/datatables`, { length: 1000 })).json().data;
    expect(page.recordsTotal).toBe(1);
    expect(page.data[0]).toMatchObject({ bot: 'companyhouse', day: today, calls: 4, errors: 1 });
    expect(page.data[0].averageMs).toBeGreaterThanOrEqual(0);
    expect((await o.post('admin', `${B}/usage/datatables`, { length: 1001 })).statusCode).toBe(400);
    expect((await o.post('admin', `${B}/usage/datatables`, { bot: 'ecommerce' })).json().data.data).toEqual([]);

    const dash = (await o.get('admin', `${B}/companyhouse/dashboard?days=7`)).json().data;
    expect(dash.days).toHaveLength(7);
    expect(dash.days[6]).toMatchObject({ day: today, calls: 4, errors: 1 });
    expect(dash).toMatchObject({ bot: 'companyhouse', calls: 4, errors: 1 });
    expect((await o.get('admin', `${B}/unknownbot/dashboard`)).statusCode).toBe(400);
  });

  it('keeps store keys sealed, masked and never sent back', async () => {
    const platforms = (await o.get('admin', '/api/manage/supportedplatforms')).json().data;
    expect(platforms.map((p: { id: string }) => p.id)).toEqual(['shopify', 'woocommerce']);

    const noSecret = await o.post('admin', `${B}/storekey/create`, {
      name: 'Woo',
      platform: 'woocommerce',
      storeUrl: 'https://woo.example',
      apiKey: 'ck_woo',
    });
    expect(noSecret.statusCode).toBe(400);
    const created = await o.post('admin', `${B}/storekey/create`, {
      name: 'Main shop',
      platform: 'shopify',
      storeUrl: 'https://main-shop.myshopify.com/',
      apiKey: 'shpat_secret_token_1',
    });
    expect(created.json(), created.body).toMatchObject({
      success: true,
      data: {
        name: 'Main shop',
        platform: 'shopify',
        storeUrl: 'https://main-shop.myshopify.com',
        hasKey: true,
        hasSecret: false,
        version: 1,
      },
    });
    const id = created.json().data.id as string;
    expect(created.body).not.toContain('shpat_secret_token_1');
    const dup = await o.post('admin', `${B}/storekey/create`, {
      name: 'Main shop',
      platform: 'shopify',
      storeUrl: 'https://x.myshopify.com',
      apiKey: 'k',
    });
    expect(dup.statusCode).toBe(400);

    const updated = await put(`${B}/storekey/update`, {
      id,
      name: 'Main store',
      platform: 'shopify',
      storeUrl: 'https://main-shop.myshopify.com',
      version: 1,
    });
    expect(updated.json(), updated.body).toMatchObject({ data: { name: 'Main store', hasKey: true, version: 2 } });
    const stale = await put(`${B}/storekey/update`, {
      id,
      name: 'Main store',
      platform: 'shopify',
      storeUrl: 'https://main-shop.myshopify.com',
      apiKey: 'shpat_secret_token_2',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);

    const one = await o.get('admin', `${B}/storekey/getbyid/${id}`);
    const list = await o.post('admin', `${B}/storekey/datatables`, { length: 1000 });
    expect(list.json().data.data.map((k: { name: string }) => k.name)).toEqual(['Main store']);
    for (const body of [one.body, list.body, updated.body]) expect(body).not.toContain('shpat_secret_token');
    const row = await o.tdb.selectFrom('store_keys').select(['api_key']).executeTakeFirstOrThrow();
    expect(row.api_key.startsWith('enc:v1:')).toBe(true);

    expect((await del(`${B}/storekey/delete/${id}`)).json()).toMatchObject({ success: true, data: { id } });
    expect((await o.get('admin', `${B}/storekey/getbyid/${id}`)).statusCode).toBe(404);
    expect((await del(`${B}/storekey/delete/${id}`)).statusCode).toBe(404);
  });
  it('imports new store orders into records with an automation step, each order once (Shopify and WooCommerce)', async () => {
    const stores = await startStores('shpat_t', 'ck_w', 'cs_w');
    try {
      const add = (id: number, first: string) =>
        stores.orders.push({
          id,
          number: `#${id}`,
          total: `${id}.50`,
          email: `${first}@shop.test`,
          first,
          last: 'Buyer',
        });
      add(1001, 'ann');
      add(1002, 'ben');
      const moduleId = await publishApp(o, 'Orders', {
        display_name: 'Orders',
        fieldGroups: [
          {
            id: 'g',
            label: 'Order',
            rows: [
              {
                fields: [
                  { name: 'order', label: 'Order', fieldType: 'text' },
                  { name: 'customer', label: 'Customer', fieldType: 'text' },
                  { name: 'total', label: 'Total', fieldType: 'text' },
                ],
              },
            ],
          },
        ],
      });
      const key = async (name: string, platform: string, apiKey: string, apiSecret?: string) =>
        (
          await o.post('admin', `${B}/storekey/create`, { name, platform, storeUrl: stores.url, apiKey, apiSecret })
        ).json().data.id as string;
      const shop = await key('Shop', 'shopify', 'shpat_t');
      const woo = await key('Woo', 'woocommerce', 'ck_w', 'cs_w');
      const step = (storeKeyId: string) => ({
        id: 'orders',
        type: 'import-orders',
        config: {
          storeKeyId,
          moduleId,
          values: [
            { field: 'order', value: '{{order.number}}' },
            { field: 'customer', value: '{{order.customerName}} <{{order.customerEmail}}>' },
            { field: 'total', value: '{{order.total}} {{order.currency}}' },
          ],
          submit: false,
        },
      });
      const automation = async (name: string, storeKeyId: string) => {
        const r = await o.post('admin', '/api/rpa/save', {
          name,
          active: false,
          trigger: { kind: 'interval', minutes: 60 },
          steps: [step(storeKeyId)],
        });
        expect(r.json(), r.body).toMatchObject({ success: true });
        return r.json().data.id as string;
      };
      const shopRun = await automation('Shop orders', shop);
      const wooRun = await automation('Woo orders', woo);
      const run = async (id: string) => {
        const r = await o.post('admin', '/api/rpa/execute', { id });
        expect(r.json(), r.body).toMatchObject({ success: true, data: { status: 'Succeeded' } });
        return r.json().data;
      };
      const records = async () =>
        (await o.tdb.selectFrom('records').select(['data']).where('module_id', '=', moduleId).execute())
          .map((r) => JSON.parse(r.data) as Record<string, string>)
          .sort((a, b) => `${a.total}`.localeCompare(`${b.total}`) || `${a.order}`.localeCompare(`${b.order}`));

      // A dry run calls no store and writes nothing.
      const dry = await o.post('admin', '/api/rpa/execute/test', { id: shopRun });
      expect(dry.json(), dry.body).toMatchObject({ success: true });
      expect(stores.seen).toEqual([]);

      await run(shopRun);
      expect((await records()).map((r) => [r.order, r.customer, r.total])).toEqual([
        ['#1001', 'ann Buyer <ann@shop.test>', '1001.50 GBP'],
        ['#1002', 'ben Buyer <ben@shop.test>', '1002.50 GBP'],
      ]);
      add(1003, 'cat');
      await run(shopRun);
      await run(shopRun);
      expect((await records()).map((r) => r.order)).toEqual(['#1001', '#1002', '#1003']);
      expect(
        stores.seen
          .filter((u) => u.startsWith('/admin'))
          .map((u) => new URL(u, 'http://x').searchParams.get('since_id')),
      ).toEqual(['0', '1002', '1003']);

      // WooCommerce: first import from the oldest order, then only the new ones.
      await run(wooRun);
      add(1004, 'dan');
      await run(wooRun);
      const woos = (await records()).filter((r) => r.total?.endsWith('EUR')).map((r) => r.order);
      expect(woos).toEqual(['1001', '1002', '1003', '1004'].map((n) => `#${n}`));
      expect((await o.get('admin', `${B}/storekey/getbyid/${woo}`)).json().data.lastOrderId).toBe('1004');
      const usage = (await o.post('admin', `${B}/usage/datatables`, { bot: 'ecommerce' })).json().data.data;
      expect(usage[0]).toMatchObject({ bot: 'ecommerce', calls: 5, errors: 0 });
    } finally {
      await stores.close();
    }
  });
});
