import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPrivateEgress, publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

/** A REST API standing in for another system: orders by customer, and what it was sent. */
function startApi() {
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const u = new URL(req.url ?? '/', 'http://x');
      if (u.pathname === '/hop') return res.writeHead(302, { location: 'http://127.0.0.1:1/x' }).end();
      if (u.pathname === '/down') return res.writeHead(503, { 'content-type': 'text/plain' }).end('down for upkeep');
      // Three pages of two items: by page number, by cursor, or by the next page's address.
      const items = (n: number) => (n >= 1 && n <= 3 ? [{ id: `i${2 * n - 1}` }, { id: `i${2 * n}` }] : []);
      const json = (o: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(o));
      if (u.pathname === '/paged') return json({ data: items(Number(u.searchParams.get('p') ?? 1)) });
      if (u.pathname === '/cursored') {
        const n = Number(u.searchParams.get('after') ?? 1);
        return json({ data: items(n), meta: { next: n < 3 ? String(n + 1) : null } });
      }
      if (u.pathname === '/linked') {
        const n = Number(u.searchParams.get('n') ?? 1);
        return json({ data: items(n), links: { next: n < 3 ? `/linked?n=${n + 1}` : null } });
      }
      const m = /^\/customers\/([^/]+)\/orders$/.exec(u.pathname);
      const orders = [
        { id: 'o-1', total: 120.5, status: 'open' },
        { id: 'o-2', total: 80, status: 'paid' },
      ];
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ customer: decodeURIComponent(m?.[1] ?? ''), data: { orders } }));
    });
  });
  return { server, seen };
}

const rest = (base: string, extra: object = {}) => ({
  method: 'POST',
  url: `${base}/customers/{{customer}}/orders`,
  headers: [{ name: 'x-source', value: 'flowforms {{customer}}' }],
  query: [{ name: 'lang', value: 'en' }],
  bodyType: 'json',
  body: [{ name: 'amount', value: '{{amount}}' }],
  responsePath: 'data.orders',
  outputs: [{ path: 'id', field: 'order_id' }],
  ...extra,
});

describe.each(await testDialects())('data connectors on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  const api = startApi();
  let base = '';
  const allowPrivate = (on: boolean) => allowPrivateEgress(o, on);

  beforeAll(async () => {
    await new Promise<void>((r) => api.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => api.server.close(() => r())));

  it('tests settings not saved yet: the request as sent, credentials masked, the answer and its columns', async () => {
    await allowPrivate(true);
    const header = await o.post('dana', '/api/dataconnector/securityheader/save', {
      name: 'Orders key',
      kind: 'apiKey',
      settings: { headerName: 'X-Api-Key' },
      secret: 'k3y-s3cret',
    });
    const r = await o.post('dana', '/api/dataconnector/test', {
      dcType: 'rest',
      config: rest(base),
      securityHeaderId: header.json().data.id,
      input: { customer: 'ACME & Co', amount: 42 },
    });
    expect(r.json(), r.body).toMatchObject({
      success: true,
      data: {
        request: {
          method: 'POST',
          url: `${base}/customers/ACME%20%26%20Co/orders?lang=en`,
          headers: { 'x-source': 'flowforms ACME & Co', 'x-api-key': '••••' },
          body: '{"amount":"42"}',
        },
        status: 200,
        outputs: { order_id: 'o-1' },
        columns: ['id', 'total', 'status'],
      },
    });
    expect(r.body).not.toContain('k3y-s3cret');
    expect(api.seen.at(-1)!.headers['x-api-key']).toBe('k3y-s3cret');
    expect(api.seen.at(-1)!.body).toBe('{"amount":"42"}');
    // The run log has the call as sent, credentials masked.
    const log = await o.post('dana', '/api/runlog/datatables', { kind: 'connector', length: 1 });
    expect(log.json().data.data[0]).toMatchObject({
      kind: 'connector',
      trigger: 'test',
      source_name: 'rest (test)',
      method: 'POST',
      status: 200,
      outcome: 'ok',
    });
    expect(log.json().data.data[0].request).toContain('x-api-key: ••••');
    expect(log.body).not.toContain('k3y-s3cret');
  });

  it('saves, lists, copies, runs and deletes connectors; bad settings are refused with the envelope', async () => {
    await allowPrivate(true);
    const saved = await o.post('dana', '/api/dataconnector/save', {
      dcType: 'rest',
      name: 'Customer orders',
      config: rest(base),
      display_columns: { available: ['id', 'total', 'status'], selected: ['id', 'total'] },
    });
    expect(saved.json(), saved.body).toMatchObject({
      success: true,
      data: { dcType: 'rest', name: 'Customer orders', inputs: ['customer', 'amount'] },
    });
    const id = saved.json().data.id as string;
    const detail = await o.get('dana', `/api/dataconnector/${id}/detail`);
    expect(detail.json().data.display_columns).toEqual({
      available: ['id', 'total', 'status'],
      selected: ['id', 'total'],
    });
    const copy = await o.post('dana', '/api/dataconnector/copyfrom', { id, name: 'Customer orders copy' });
    expect(copy.json(), copy.body).toMatchObject({ success: true, data: { name: 'Customer orders copy' } });
    const list = await o.post('dana', '/api/dataconnector/datatables', { dcType: 'rest', search: 'copy' });
    expect(list.json().data).toMatchObject({ recordsFiltered: 1, data: [{ name: 'Customer orders copy' }] });
    expect((await o.get('dana', '/api/dataconnector/fetch?dcType=rest')).json().data).toHaveLength(2);
    const run = await o.post('dana', '/api/workflowapi/dataconnectorexecute', { id, input: { customer: 'c-9' } });
    expect(run.json(), run.body).toMatchObject({ success: true, data: { status: 200, outputs: { order_id: 'o-1' } } });

    for (const [body, message] of [
      [{ dcType: 'rest', name: 'X', config: rest(base, { method: 'TRACE' }) }, /^Settings: method/],
      [{ dcType: 'rest', name: 'X', config: rest('ftp://example.com') }, /^Settings: url/],
      [{ dcType: 'telnet', name: 'X', config: {} }, /'telnet' is not a kind of connector/],
      [{ dcType: 'rest', name: 'Customer orders', config: rest(base) }, /already exists/],
      [{ dcType: 'rest', name: 'X', config: rest(base), securityHeaderId: 'gone' }, /no longer exists/],
    ] as const) {
      const r = await o.post('dana', '/api/dataconnector/save', body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
    const stale = await o.post('dana', '/api/dataconnector/save', {
      id,
      dcType: 'rest',
      name: 'Customer orders',
      config: rest(base),
      version: 99,
    });
    expect(stale.statusCode).toBe(409);
    expect(
      (await o.post('dana', '/api/dataconnector/deletebyids', { ids: [id, copy.json().data.id] })).json(),
    ).toMatchObject({ success: true, data: { deleted: 2 } });
    expect((await o.get('dana', `/api/dataconnector/${id}/detail`)).statusCode).toBe(404);
  });

  it("reads a list answer page by page: page numbers, a cursor, or the next page's address", async () => {
    await allowPrivate(true);
    const paged = (path: string, extra: object) =>
      o.post('dana', '/api/dataconnector/test', {
        dcType: 'rest',
        config: rest(base, {
          url: `${base}${path}`,
          method: 'GET',
          bodyType: 'none',
          body: [],
          query: [],
          headers: [],
          ...extra,
        }),
        input: {},
      });
    const ids = (r: Awaited<ReturnType<typeof paged>>) => (r.json().data.response as { id: string }[]).map((x) => x.id);
    const all = ['i1', 'i2', 'i3', 'i4', 'i5', 'i6'];
    const byPage = await paged('/paged', { responsePath: 'data', paging: 'page', pageParam: 'p', maxPages: 10 });
    expect(byPage.json(), byPage.body).toMatchObject({ success: true, data: { outputs: { order_id: 'i1' } } });
    expect(ids(byPage)).toEqual(all);
    const byCursor = await paged('/cursored', {
      responsePath: 'data',
      paging: 'cursor',
      cursorPath: 'meta.next',
      cursorParam: 'after',
    });
    expect(ids(byCursor)).toEqual(all);
    const byLink = await paged('/linked', { responsePath: 'data', paging: 'next', cursorPath: 'links.next' });
    expect(ids(byLink)).toEqual(all);
    const capped = await paged('/paged', { responsePath: 'data', paging: 'page', pageParam: 'p', maxPages: 2 });
    expect(ids(capped)).toEqual(['i1', 'i2', 'i3', 'i4']);
    const notList = await paged('/paged', { responsePath: 'nothing', paging: 'page', pageParam: 'p' });
    expect(notList.statusCode).toBe(502);
    expect(notList.json().message).toBe('The answer has no list at nothing to page through.');
  });

  it('runs a connector with the values of a record, only for someone who may open it', async () => {
    await allowPrivate(true);
    const moduleId = await publishApp(o, 'Orders', {
      display_name: 'Orders',
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [
            {
              fields: [
                { name: 'customer', label: 'Customer', fieldType: 'text' },
                { name: 'amount', label: 'Amount', fieldType: 'number' },
              ],
            },
          ],
        },
      ],
    });
    const rec = await o.post('sam', '/api/EntryModule/submit', { moduleId, data: { customer: 'zeta', amount: 7 } });
    const recordId = rec.json().data.recordId as string;
    const saved = await o.post('dana', '/api/dataconnector/save', {
      dcType: 'rest',
      name: 'By record',
      config: rest(base),
    });
    const id = saved.json().data.id as string;
    const run = await o.post('dana', '/api/workflowapi/rundataconnector', { id, recordId });
    // dana is a full user: she does not see sam's record, so nothing is sent.
    expect(run.statusCode).toBe(404);
    const asAdmin = await o.post('admin', '/api/workflowapi/rundataconnector', { id, recordId });
    expect(asAdmin.json(), asAdmin.body).toMatchObject({ success: true, data: { status: 200 } });
    expect(api.seen.at(-1)!.url).toBe('/customers/zeta/orders?lang=en');
  });

  it('refuses private and redirected targets unless allowed, and reports bad answers clearly', async () => {
    await allowPrivate(false);
    const test = (config: object, input: object = {}) =>
      o.post('dana', '/api/dataconnector/test', { dcType: 'rest', config, input });
    const before = api.seen.length;
    const port = new URL(base).port;
    for (const url of [
      `${base}/customers/x/orders`,
      `http://localhost:${port}/x`,
      `http://[::1]:${port}/x`,
      `http://0x7f000001:${port}/x`,
      `http://2130706433:${port}/x`,
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data',
    ]) {
      const r = await test(rest(url, { url }));
      expect(r.statusCode, url).toBe(502);
      expect(r.json().success, url).toBe(false);
    }
    expect((await test(rest(base))).json().message).toMatch(/^Calls to 127\.0\.0\.1 are not allowed/);
    expect(api.seen.length).toBe(before);
    await allowPrivate(true);
    const hop = await test(rest(base, { url: `${base}/hop`, method: 'GET', bodyType: 'none' }));
    expect(hop.json()).toMatchObject({ success: false });
    const down = await test(rest(base, { url: `${base}/down`, method: 'GET', bodyType: 'none' }));
    expect(down.json(), down.body).toMatchObject({ success: true, data: { status: 503, response: 'down for upkeep' } });
    expect((await o.post('sam', '/api/dataconnector/test', { dcType: 'rest', config: rest(base) })).statusCode).toBe(
      403,
    );
    expect((await o.get('bravo', '/api/dataconnector/fetch')).json().data).toEqual([]);
  });
});
