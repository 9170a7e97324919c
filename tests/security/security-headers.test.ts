import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const S = '/api/dataconnector/securityheader';

/** Security headers: designers only, nothing across tenants, secrets never out and bound to their row. */
describe.each(await testDialects())('security header attacks on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"items":[]}');
  });
  let base = '';
  let id = '';
  const settings = (securityHeaderId: string) => ({
    url: `${base}/x`,
    requestType: 'GET',
    headers: [],
    params: [],
    body: [],
    submitAllFields: false,
    responseFormat: 'JSON',
    responsePath: 'items',
    valueKey: 'id',
    labelKey: 'name',
    securityHeaderId,
  });

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await o.t.db.system.updateTable('tenants').set({ allow_private_egress: 1 }).execute();
    o.t.ctx.tenants.invalidate('acme');
    o.t.ctx.tenants.invalidate('bravo');
    const r = await o.post('dana', `${S}/save`, { name: 'Key', kind: 'bearer', settings: {}, secret: 'top-secret' });
    id = r.json().data.id;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses a regular user every call', async () => {
    for (const [method, url, body] of [
      ['POST', `${S}/save`, { id, name: 'Key', kind: 'bearer', settings: {}, secret: 'mine' }],
      ['GET', `${S}/fetch?id=${id}`],
      ['POST', `${S}/datatables`, {}],
      ['POST', `${S}/delete`, { id }],
      ['POST', '/api/form/Editor/RemoteUrl/test', { settings: settings(id), search: '' }],
    ] as const) {
      const r = method === 'GET' ? await o.get('sam', url) : await o.post('sam', url, body);
      expect(r.statusCode, url).toBe(403);
    }
  });

  it("never shows, changes or sends another tenant's credentials, even by id", async () => {
    expect((await o.get('bravo', `${S}/fetch?id=${id}`)).statusCode).toBe(404);
    expect((await o.post('bravo', `${S}/datatables`, {})).json().data.data).toEqual([]);
    expect((await o.post('bravo', `${S}/delete`, { id })).statusCode).toBe(404);
    const overwrite = await o.post('bravo', `${S}/save`, {
      id,
      name: 'Key',
      kind: 'bearer',
      settings: {},
      secret: 'x',
    });
    expect(overwrite.statusCode).toBe(404);
    const borrowed = await o.post('bravo', '/api/form/Editor/RemoteUrl/test', { settings: settings(id), search: '' });
    expect(borrowed.json()).toEqual({
      success: false,
      message: 'The security header this request names no longer exists.',
    });
    expect(seen).toHaveLength(0);
  });

  it('does not open a sealed secret copied into another row', async () => {
    const other = await o.post('dana', `${S}/save`, { name: 'Other', kind: 'bearer', settings: {}, secret: 'mine' });
    const sealed = await o.tdb
      .selectFrom('security_headers')
      .select('secret')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await o.tdb
      .updateTable('security_headers')
      .set({ secret: sealed.secret })
      .where('id', '=', other.json().data.id)
      .execute();
    const r = await o.post('dana', '/api/form/Editor/RemoteUrl/test', {
      settings: settings(other.json().data.id),
      search: '',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('A security header this request names cannot be read: save its secret again.');
    expect(seen).toHaveLength(0);
  });

  it('keeps header values to one line and refuses hostile settings', async () => {
    const bad = await o.post('dana', `${S}/save`, {
      name: 'Split',
      kind: 'apiKey',
      settings: { headerName: 'X-Key\r\nX-Injected: 1' },
      secret: 'v',
    });
    expect(bad.statusCode).toBe(400);
    const url = await o.post('dana', `${S}/save`, {
      name: 'Files',
      kind: 'oauth2',
      settings: { tokenUrl: 'file:///etc/passwd', clientId: 'c' },
      secret: 'v',
    });
    expect(url.statusCode).toBe(400);
    const crlf = await o.post('dana', `${S}/save`, {
      name: 'Crlf',
      kind: 'bearer',
      settings: {},
      secret: 'a\r\nX-Injected: 1',
    });
    const r = await o.post('dana', '/api/form/Editor/RemoteUrl/test', {
      settings: settings(crlf.json().data.id),
      search: '',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(seen.at(-1)!.authorization).toBe('Bearer aX-Injected: 1');
    expect(seen.at(-1)!['x-injected']).toBeUndefined();
  });
});
