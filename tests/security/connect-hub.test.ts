import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBotLicence } from '../../src/server/bots/licences.js';
import { ACME, BRAVO, allowPrivateEgress, useOffice } from '../support/office.js';
import { bearer } from '../support/auth.js';
import { testDialects } from '../support/databases.js';
import { startCompaniesHouse } from '../support/connect-hub-servers.js';

const B = '/api/bot';
const CH_KEY = 'ch-secret-key-51a9';
const STORE_KEY = 'shpat_store_secret_99';
const WOO_SECRET = 'cs_woo_secret_42';

/** Every connect hub route with a body that would pass validation. */
const routes = (id: string) =>
  [
    ['GET', `${B}/list`],
    ['GET', `${B}/companyhouse/variables`],
    ['POST', `${B}/companyhouse/variables`, { values: { apiKey: 'x' } }],
    ['GET', `${B}/companyhouse/dashboard`],
    ['POST', `${B}/usage/datatables`, {}],
    ['POST', `${B}/connecthublinkedlookup`, { number: '00445790' }],
    ['GET', '/api/manage/supportedplatforms'],
    ['POST', `${B}/storekey/create`, { name: 'S', platform: 'shopify', storeUrl: 'https://s.example', apiKey: 'k' }],
    ['PUT', `${B}/storekey/update`, { id, name: 'S', platform: 'shopify', storeUrl: 'https://s.example', version: 1 }],
    ['DELETE', `${B}/storekey/delete/${id}`],
    ['POST', `${B}/storekey/datatables`, {}],
    ['GET', `${B}/storekey/getbyid/${id}`],
  ] as const;

describe.each(await testDialects())('connect hub security on %s', (dialect) => {
  const o = useOffice(
    dialect,
    ['rita', { username: 'dana', isFullUser: true }, { username: 'cora', isConsultant: true }],
    {
      bravo: true,
    },
  );
  let ch: Awaited<ReturnType<typeof startCompaniesHouse>>;
  let keyId = '';
  const send = (who: string, method: string, url: string, payload?: object) =>
    o.t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(o.tok[who]!, who === 'bravo' ? BRAVO : ACME),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    ch = await startCompaniesHouse(CH_KEY);
    await allowPrivateEgress(o, true);
    await setBotLicence(o.t.db, 'acme', 'companyhouse', true);
    await setBotLicence(o.t.db, 'bravo', 'companyhouse', true);
    await send('admin', 'POST', `${B}/companyhouse/variables`, { values: { baseUrl: ch.url, apiKey: CH_KEY } });
    const r = await send('admin', 'POST', `${B}/storekey/create`, {
      name: 'Woo shop',
      platform: 'woocommerce',
      storeUrl: 'https://woo.example',
      apiKey: STORE_KEY,
      apiSecret: WOO_SECRET,
    });
    keyId = r.json().data.id;
  });
  afterAll(() => ch?.close());

  it('refuses regular users, full users and consultants on every connect hub route', async () => {
    const wrong: string[] = [];
    for (const who of ['rita', 'dana', 'cora'])
      for (const [method, url, body] of routes(keyId)) {
        const res = await send(who, method, url, body);
        if (res.statusCode !== 403) wrong.push(`${method} ${url} as ${who}: ${res.statusCode}`);
      }
    expect(wrong).toEqual([]);
    expect((await send('admin', 'GET', `${B}/storekey/getbyid/${keyId}`)).statusCode).toBe(200);
  });

  it("does not let another tenant see, change or delete a store key, or use the tenant's Companies House key", async () => {
    expect((await send('bravo', 'GET', `${B}/storekey/getbyid/${keyId}`)).statusCode).toBe(404);
    const change = await send('bravo', 'PUT', `${B}/storekey/update`, {
      id: keyId,
      name: 'Taken',
      platform: 'shopify',
      storeUrl: 'https://evil.example',
      version: 1,
    });
    expect(change.statusCode).toBe(404);
    expect((await send('bravo', 'DELETE', `${B}/storekey/delete/${keyId}`)).statusCode).toBe(404);
    expect((await send('bravo', 'POST', `${B}/storekey/datatables`, {})).json().data.data).toEqual([]);
    // bravo has the licence but no key of its own: acme's key is not used.
    expect((await send('bravo', 'POST', `${B}/connecthublinkedlookup`, { number: '00445790' })).statusCode).toBe(400);
    expect((await send('bravo', 'GET', `${B}/companyhouse/variables`)).json().data.variables[1].hasValue).toBe(false);
    expect((await send('admin', 'GET', `${B}/storekey/getbyid/${keyId}`)).json().data.name).toBe('Woo shop');
  });

  it('never sends a key or secret back in any answer', async () => {
    const bodies: string[] = [];
    for (const [method, url, body] of routes(keyId)) {
      if (method === 'DELETE' || url.endsWith('/create') || url.endsWith('/update')) continue;
      if (url.endsWith('/variables') && method === 'POST') continue;
      bodies.push((await send('admin', method, url, body)).body);
    }
    bodies.push(
      (
        await send('admin', 'PUT', `${B}/storekey/update`, {
          id: keyId,
          name: 'Woo shop',
          platform: 'woocommerce',
          storeUrl: 'https://woo.example',
          apiKey: STORE_KEY,
          version: 1,
        })
      ).body,
    );
    bodies.push((await send('admin', 'POST', `${B}/companyhouse/variables`, { values: { apiKey: CH_KEY } })).body);
    bodies.push((await send('admin', 'GET', '/api/sys/permissions/menu/sidebar')).body);
    for (const b of bodies) for (const secret of [CH_KEY, STORE_KEY, WOO_SECRET]) expect(b).not.toContain(secret);
    const rows = await o.tdb.selectFrom('store_keys').select(['api_key', 'api_secret']).execute();
    for (const r of rows) for (const v of [r.api_key, r.api_secret]) expect(v).toMatch(/^enc:v1:/);
  });
});
