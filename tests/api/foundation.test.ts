import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLicence, setTenantStatus } from '../../src/server/tenancy/admin.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { testDialects } from '../support/databases.js';

describe.each(await testDialects())('foundation on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { BODY_LIMIT: '1024' });
    t.app.post('/api/test/echo', { config: { public: true } }, async (req) => ({ success: true, data: req.body }));
    t.app.get('/api/test/boom', { config: { public: true } }, async () => {
      throw new Error('secret internal detail at /srv/app.ts:12');
    });
    await t.addTenant('acme');
    await t.addTenant('closed');
    await t.addTenant('lapsed');
    await setTenantStatus(t.db.system, 'closed', 'inactive');
    await setLicence(t.db.system, 'lapsed', '2000-01-01');
  });
  afterAll(() => t?.close());

  const info = (host: string) => t.app.inject({ method: 'GET', url: '/api/sys/tenant/info', headers: { host } });

  it('answers tenant info for a known host label', async () => {
    const res = await info('acme.localhost:3000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { domain: 'acme', name: 'acme org' } });
  });

  it.each([
    ['nobody.localhost:3000', 'not registered'],
    ['closed.localhost', 'not activated'],
    ['lapsed.localhost', 'licence has expired'],
  ])('answers 403 with a message for %s', async (host, text) => {
    const res = await info(host);
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain(text);
  });

  it('refuses every other API route on an unknown tenant with 403 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host: 'ghost.localhost' },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: expect.stringContaining('not registered') });
  });

  it('answers malformed JSON, oversized bodies, wrong content types and unknown routes with clear 4xx', async () => {
    const host = 'acme.localhost';
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });

    const big = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host },
      payload: { x: 'y'.repeat(5000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ success: false, message: 'The request body is too large.' });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { host, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ success: false, message: 'Unsupported content type.' });

    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing/here', headers: { host } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().success).toBe(false);

    const ok = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { host }, payload: { a: 1 } });
    expect(ok.json()).toEqual({ success: true, data: { a: 1 } });
  });

  it('never leaks a stack trace on a server error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom', headers: { host: 'acme.localhost' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({ success: false, message: expect.any(String) });
  });

  it('serves health, readiness and the OpenAPI document', async () => {
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/readyz' })).json()).toMatchObject({ success: true });
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/sys/tenant/info');
  });
});
