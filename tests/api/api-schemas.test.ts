import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { bearer, tokenFor } from '../support/auth.js';

/**
 * The API boundary is schema first: every operation in /api/openapi.json declares what it takes (path parameters,
 * a body for POST/PUT/PATCH) and what it answers (a 2xx schema). A route added without them fails here.
 */
type Op = {
  parameters?: { in: string; name: string; schema?: object }[];
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
};

describe('API schemas (SQLite)', () => {
  let t: TestApp;
  let spec: { paths: Record<string, Record<string, Op>> };
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await t.addTenant('acme');
    spec = (
      await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: 'acme.localhost' } })
    ).json();
  });
  afterAll(() => t?.close());

  it('declares request and response schemas for every operation', () => {
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method.toUpperCase()} ${path}`;
        const ok = Object.entries(op.responses ?? {}).some(
          ([code, r]) => code.startsWith('2') && Object.values(r.content ?? {}).some((c) => c.schema),
        );
        if (!ok) missing.push(`${name}: no response schema`);
        for (const p of path.match(/\{[^}]+\}/g) ?? []) {
          const param = p.slice(1, -1);
          if (!op.parameters?.some((x) => x.in === 'path' && x.name === param && x.schema))
            missing.push(`${name}: path parameter ${param} has no schema`);
        }
        if (['post', 'put', 'patch'].includes(method) && !op.requestBody && !/multipart|upload/i.test(path))
          missing.push(`${name}: no body schema`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('refuses bad input by schema, naming the field, in the envelope', async () => {
    const token = await tokenFor(t.app, 'acme.localhost', 'admin', 'Correct-Horse-9');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Notification?page=zero',
      headers: bearer(token, 'acme.localhost'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: expect.stringContaining('page') });
  });

  it('matches paths without regard to letter case', async () => {
    const token = await tokenFor(t.app, 'acme.localhost', 'admin', 'Correct-Horse-9');
    for (const url of ['/api/Notification', '/api/notification', '/api/NOTIFICATION?page=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token, 'acme.localhost') });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { notif: [], unread: 0 } });
    }
  });

  it('refuses JSON nested deeper than the limit with 400 before any handler', async () => {
    const token = await tokenFor(t.app, 'acme.localhost', 'admin', 'Correct-Horse-9');
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    for (const url of ['/api/EntryModule/datatables', '/api/EntryModule/submit', '/api/Notification/read']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token, 'acme.localhost'), 'content-type': 'application/json' },
        payload: `{"a":${deep}}`,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain('nested too deeply');
    }
  });
});
