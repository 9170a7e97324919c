import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishApp, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const S = '/api/dataconnector/securityheader';

/** Another system (it records the headers it gets) and an OAuth2 token service (client credentials), both real. */
function startServices() {
  const seen: http.IncomingHttpHeaders[] = [];
  const grants: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/token') {
        const form = new URLSearchParams(body);
        grants.push(form);
        if (form.get('client_secret') !== 'client-s3cret')
          return res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}');
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: `tok-${grants.length}`, token_type: 'Bearer', expires_in: 3600 }));
      }
      seen.push(req.headers);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ items: [{ id: 'a', name: 'A' }] }));
    });
  });
  return { server, seen, grants };
}

const remote = (url: string, securityHeaderId: string) => ({
  url,
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

describe.each(await testDialects())('security headers on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  const svc = startServices();
  let base = '';
  const ids: Record<string, string> = {};
  const save = (body: object, who = 'dana') => o.post(who, `${S}/save`, body);

  beforeAll(async () => {
    await new Promise<void>((r) => svc.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(svc.server.address() as AddressInfo).port}`;
    await o.t.db.system.updateTable('tenants').set({ allow_private_egress: 1 }).where('domain', '=', 'acme').execute();
    o.t.ctx.tenants.invalidate('acme');
    const sets = {
      key: { name: 'Parts key', kind: 'apiKey', settings: { headerName: 'X-Api-Key' }, secret: 'k-123' },
      basic: { name: 'Parts basic', kind: 'basic', settings: { username: 'svc' }, secret: 'p@ss' },
      bearer: { name: 'Parts bearer', kind: 'bearer', settings: {}, secret: 'b-456' },
      oauth: {
        name: 'Parts OAuth',
        kind: 'oauth2',
        settings: { tokenUrl: `${base}/token`, clientId: 'flowforms', scope: 'parts.read' },
        secret: 'client-s3cret',
      },
    };
    for (const [k, body] of Object.entries(sets)) {
      const r = await save(body);
      expect(r.json(), r.body).toMatchObject({ success: true, data: { hasSecret: true } });
      ids[k] = r.json().data.id;
    }
  });
  afterAll(() => new Promise<void>((r) => svc.server.close(() => r())));

  it('keeps secrets sealed at rest and never sends them back', async () => {
    const detail = (await o.get('dana', `${S}/fetch?id=${ids.key}`)).body;
    const list = (await o.post('dana', `${S}/datatables`, {})).body;
    for (const body of [detail, list]) {
      expect(body).not.toContain('k-123');
      expect(body).not.toContain('secret"');
    }
    expect(JSON.parse(list).data.data.map((h: { name: string }) => h.name)).toEqual([
      'Parts basic',
      'Parts bearer',
      'Parts key',
      'Parts OAuth',
    ]);
    const rows = await o.tdb.selectFrom('security_headers').select(['secret']).execute();
    for (const r of rows) {
      expect(r.secret.startsWith('enc:v1:')).toBe(true);
      expect(r.secret).not.toMatch(/k-123|p@ss|b-456|client-s3cret/);
    }
  });

  it('sends each kind with a remote lookup, masks it in the designer’s test, and caches OAuth2 tokens', async () => {
    const moduleId = await publishApp(o, 'Parts', {
      display_name: 'Parts',
      fieldGroups: [
        {
          id: 'g',
          label: 'G',
          rows: [
            {
              fields: Object.keys(ids).map((k) => ({
                name: k,
                label: k,
                fieldType: 'remote-lookup',
                config: remote(`${base}/parts`, ids[k]!),
              })),
            },
          ],
        },
      ],
    });
    const ask = (field: string) => o.post('sam', '/api/EntryModule/RemoteUrl', { moduleId, field, search: '' });
    for (const k of ['key', 'basic', 'bearer', 'oauth', 'oauth'])
      expect((await ask(k)).json().data.items).toHaveLength(1);
    expect(svc.seen[0]!['x-api-key']).toBe('k-123');
    expect(svc.seen[1]!.authorization).toBe(`Basic ${Buffer.from('svc:p@ss').toString('base64')}`);
    expect(svc.seen[2]!.authorization).toBe('Bearer b-456');
    expect(svc.seen[3]!.authorization).toBe('Bearer tok-1');
    expect(svc.seen[4]!.authorization).toBe('Bearer tok-1');
    expect(svc.grants).toHaveLength(1);
    expect(Object.fromEntries(svc.grants[0]!)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'flowforms',
      client_secret: 'client-s3cret',
      scope: 'parts.read',
    });
    // The form as the filler gets it names no credential; the designer's test shows the header masked.
    const filling = await o.get('sam', `/api/EntryModule/form/${moduleId}`);
    expect(filling.body).not.toContain(ids.key);
    const test = await o.post('dana', '/api/form/Editor/RemoteUrl/test', {
      settings: remote(`${base}/parts`, ids.key!),
      search: '',
    });
    expect(test.json(), test.body).toMatchObject({
      success: true,
      data: { request: { headers: { 'x-api-key': '••••' } } },
    });
    expect(test.body).not.toContain('k-123');
    // A new secret takes effect at once; a changed OAuth2 set gets a new token.
    await save({
      id: ids.oauth,
      name: 'Parts OAuth',
      kind: 'oauth2',
      settings: { tokenUrl: `${base}/token`, clientId: 'flowforms' },
    });
    await ask('oauth');
    expect(svc.grants).toHaveLength(2);
    expect(svc.seen.at(-1)!.authorization).toBe('Bearer tok-2');
  });

  it('keeps a stored secret when none is given, and refuses what cannot work', async () => {
    const kept = await save({ id: ids.bearer, name: 'Parts bearer', kind: 'bearer', settings: {} });
    expect(kept.json(), kept.body).toMatchObject({ success: true, data: { hasSecret: true, version: 2 } });
    const bad = async (body: object, message: string) => {
      const r = await save(body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toBe(message);
    };
    await bad({ name: 'No secret', kind: 'bearer', settings: {} }, 'The secret is required');
    await bad({ name: 'No header', kind: 'apiKey', settings: {}, secret: 'x' }, 'Header name is required');
    await bad(
      { name: 'Parts key', kind: 'bearer', settings: {}, secret: 'x' },
      "A security header named 'Parts key' already exists",
    );
    await bad(
      { id: ids.key, name: 'Parts key', kind: 'basic', settings: { username: 'u' } },
      'A new kind needs its secret',
    );
    const stale = await save({ id: ids.bearer, version: 1, name: 'Parts bearer', kind: 'bearer', settings: {} });
    expect(stale.statusCode).toBe(409);
    const wrong = await save({
      name: 'Wrong client',
      kind: 'oauth2',
      settings: { tokenUrl: `${base}/token`, clientId: 'flowforms' },
      secret: 'nope',
    });
    const test = await o.post('dana', '/api/form/Editor/RemoteUrl/test', {
      settings: remote(`${base}/parts`, wrong.json().data.id),
      search: '',
    });
    expect(test.statusCode).toBe(502);
    expect(test.json().message).toBe(`The token service at 127.0.0.1:${base.split(':').at(-1)} answered 401.`);
  });
});
