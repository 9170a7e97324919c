import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EgressError, egressFetch, type EgressLog } from './fetch.js';

interface Seen {
  method: string;
  url: string;
  body: string;
  authorization?: string;
}

/** A real HTTP server on 127.0.0.1 with the answers the tests need; it records every request it receives. */
function startServer(seen: Seen[]) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body, authorization: req.headers.authorization });
      const u = new URL(req.url!, 'http://x');
      const loop = /^\/loop\/(\d+)$/.exec(u.pathname);
      if (u.pathname === '/ok') return res.end('hello');
      if (u.pathname === '/echo') return res.end(JSON.stringify({ method: req.method, body }));
      if (u.pathname === '/redirect') {
        res.writeHead(Number(u.searchParams.get('status') ?? 302), { location: u.searchParams.get('to')! });
        return res.end();
      }
      if (loop) {
        const n = Number(loop[1]);
        if (n >= Number(u.searchParams.get('stop'))) return res.end(`after ${n}`);
        res.writeHead(302, { location: `/loop/${n + 1}${u.search}` });
        return res.end();
      }
      if (u.pathname === '/slow') return void setTimeout(() => res.end('late'), 2_000).unref();
      if (u.pathname === '/slow-body') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first part');
        return void setTimeout(() => res.end('rest'), 2_000).unref();
      }
      if (u.pathname === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 7);
        for (let i = 0; i < 32; i++) res.write(chunk);
        return res.end();
      }
      if (u.pathname === '/big-declared') {
        res.writeHead(200, { 'content-length': String(2 * 1024 * 1024) });
        return res.end(Buffer.alloc(2 * 1024 * 1024));
      }
      res.writeHead(404).end();
    });
  });
  return new Promise<{ server: http.Server; base: string; port: number }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({ server, port, base: `http://127.0.0.1:${port}` });
    }),
  );
}

async function failure(p: Promise<unknown>): Promise<EgressError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EgressError);
  return err as EgressError;
}

describe('egressFetch', () => {
  const seen: Seen[] = [];
  const otherSeen: Seen[] = [];
  let main: Awaited<ReturnType<typeof startServer>>;
  let other: Awaited<ReturnType<typeof startServer>>;
  const open = { allowPrivate: true } as const;

  beforeAll(async () => {
    main = await startServer(seen);
    other = await startServer(otherSeen);
  });
  afterAll(async () => {
    for (const s of [main, other]) {
      s.server.closeAllConnections();
      await new Promise((r) => s.server.close(r));
    }
  });
  beforeEach(() => {
    seen.length = 0;
    otherSeen.length = 0;
  });

  it('refuses a loopback address by default, before any request is sent', async () => {
    const err = await failure(egressFetch(`${main.base}/ok`));
    expect(err.code).toBe('refused');
    expect(err.message).toMatch(/^Calls to 127\.0\.0\.1 are not allowed/);
    expect(seen).toEqual([]);
  });

  it('refuses a name that resolves to loopback when connecting', async () => {
    const err = await failure(egressFetch(`http://localhost:${main.port}/ok`));
    expect(err.code).toBe('refused');
    expect(err.message).toContain('localhost');
    expect(seen).toEqual([]);
  });

  it('checks every redirect target again', async () => {
    // The first hop's address is allowed; the redirect leads to another loopback address, which is not.
    const only127001 = (ip: string) => ip === '127.0.0.1';
    const to = encodeURIComponent(`http://127.0.0.2:${main.port}/ok`);
    const err = await failure(egressFetch(`${main.base}/redirect?to=${to}`, {}, { allowAddress: only127001 }));
    expect(err.code).toBe('refused');
    expect(err.message).toContain('127.0.0.2');
    expect(seen.map((s) => s.url)).toEqual([`/redirect?to=${to}`]);
    // The same first hop redirecting to an allowed address goes through.
    const fine = await egressFetch(`${main.base}/redirect?to=%2Fok`, {}, { allowAddress: only127001 });
    expect(await fine.text()).toBe('hello');
  });

  it('reaches private addresses when allowed, and logs each call', async () => {
    const logs: { level: string; obj: Record<string, unknown> }[] = [];
    const log: EgressLog = {
      info: (obj) => logs.push({ level: 'info', obj: obj as Record<string, unknown> }),
      warn: (obj) => logs.push({ level: 'warn', obj: obj as Record<string, unknown> }),
    };
    const res = await egressFetch(`${main.base}/ok`, {}, { ...open, log });
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello');
    expect(logs).toEqual([
      { level: 'info', obj: { method: 'GET', host: `127.0.0.1:${main.port}`, status: 200, ms: expect.any(Number) } },
    ]);
    await failure(egressFetch(`${main.base}/ok`, {}, { log }));
    expect(logs[1]).toMatchObject({ level: 'warn', obj: { method: 'GET', host: `127.0.0.1:${main.port}` } });
  });

  it('follows redirects itself, up to the limit', async () => {
    const res = await egressFetch(`${main.base}/loop/0?stop=5`, {}, open);
    expect(await res.text()).toBe('after 5');
    expect(res.redirected).toBe(true);
    expect(res.url).toBe(`${main.base}/loop/5?stop=5`);
    const err = await failure(egressFetch(`${main.base}/loop/0?stop=6`, {}, open));
    expect(err.code).toBe('redirects');
    expect(err.message).toBe(`127.0.0.1:${main.port} redirected more than 5 times.`);
    expect(seen).toHaveLength(6 + 6);
    const manual = await egressFetch(`${main.base}/loop/0?stop=6`, { redirect: 'manual' }, open);
    expect(manual.status).toBe(302);
  });

  it('turns a POST into a GET after 303, keeps it after 307, and drops credentials across origins', async () => {
    const post = { method: 'POST', body: 'x=1', headers: { authorization: 'Bearer secret' } };
    const see = (status: number, to: string) => `${main.base}/redirect?status=${status}&to=${encodeURIComponent(to)}`;
    expect(await (await egressFetch(see(303, '/echo'), post, open)).json()).toEqual({ method: 'GET', body: '' });
    expect(await (await egressFetch(see(307, '/echo'), post, open)).json()).toEqual({ method: 'POST', body: 'x=1' });
    expect(seen.at(-1)!.authorization).toBe('Bearer secret');
    await egressFetch(see(307, `${other.base}/echo`), post, open);
    expect(otherSeen).toEqual([{ method: 'POST', url: '/echo', body: 'x=1', authorization: undefined }]);
  });

  it('calls only http and https', async () => {
    for (const url of ['ftp://127.0.0.1/x', 'file:///etc/passwd', 'not a url']) {
      expect((await failure(egressFetch(url, {}, open))).code).toBe('bad-url');
    }
    const to = encodeURIComponent('file:///etc/passwd');
    expect((await failure(egressFetch(`${main.base}/redirect?to=${to}`, {}, open))).code).toBe('bad-url');
  });

  it('gives up after the time limit, also while reading the body', async () => {
    const started = Date.now();
    const err = await failure(egressFetch(`${main.base}/slow`, {}, { ...open, timeoutMs: 200 }));
    expect(err.code).toBe('timeout');
    expect(err.message).toBe(`127.0.0.1:${main.port} did not answer within 0.2 s.`);
    expect(Date.now() - started).toBeLessThan(1_500);
    const res = await egressFetch(`${main.base}/slow-body`, {}, { ...open, timeoutMs: 300 });
    expect(res.status).toBe(200);
    expect((await failure(res.text())).code).toBe('timeout');
  });

  it("rejects with the caller's own abort reason", async () => {
    const reason = new Error('stopped by caller');
    const err = await egressFetch(`${main.base}/slow`, { signal: AbortSignal.abort(reason) }, open).catch(
      (e: unknown) => e,
    );
    expect(err).toBe(reason);
  });

  it('stops reading past the size limit', async () => {
    const res = await egressFetch(`${main.base}/big`, {}, { ...open, maxBytes: 1024 * 1024 });
    const err = await failure(res.arrayBuffer());
    expect(err.code).toBe('too-large');
    expect(err.message).toBe(`The answer from 127.0.0.1:${main.port} is larger than 1 MB.`);
    const declared = await failure(egressFetch(`${main.base}/big-declared`, {}, { ...open, maxBytes: 1024 * 1024 }));
    expect(declared.code).toBe('too-large');
    // Under the limit, the whole body arrives.
    const whole = await egressFetch(`${main.base}/big`, {}, open);
    expect((await whole.arrayBuffer()).byteLength).toBe(2 * 1024 * 1024);
  });
});
