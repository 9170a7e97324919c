import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { egressFetch } from '../../src/server/egress/fetch.js';
import { allowPrivateEgress, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const S = '/api/dataconnector/securityheader';

async function makeCert(name: string, server = false) {
  const pems = await generate([{ name: 'commonName', value: name }], {
    keySize: 2048,
    algorithm: 'sha256',
    ...(server ? { extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }] } : {}),
  } as never);
  return { key: pems.private, cert: pems.cert };
}

/** An HTTPS server that notes whether a client certificate was shown; `redirectTo` sends callers on. */
function startServer(pair: { key: string; cert: string }, redirectTo?: () => string) {
  const shown: string[] = [];
  const srv = https.createServer({ ...pair, requestCert: true, rejectUnauthorized: false }, (req, res) => {
    shown.push(String((req.socket as TLSSocket).getPeerCertificate()?.subject?.CN ?? 'none'));
    if (redirectTo) return res.writeHead(302, { location: redirectTo() }).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  return { srv, shown };
}

describe.each(await testDialects())('certificate attack cases on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }, 'sam'], { bravo: true });
  let pair: { key: string; cert: string };
  let client: { key: string; cert: string };
  let certId = '';
  let target: ReturnType<typeof startServer>;
  let hop: ReturnType<typeof startServer>;
  const base = (s: ReturnType<typeof startServer>) => `https://127.0.0.1:${(s.srv.address() as AddressInfo).port}`;

  beforeAll(async () => {
    [pair, client] = await Promise.all([makeCert('service.test', true), makeCert('acme-client')]);
    target = startServer(pair);
    hop = startServer(pair, () => `${base(target)}/landed`);
    await Promise.all([target, hop].map((s) => new Promise<void>((r) => s.srv.listen(0, '127.0.0.1', r))));
    await allowPrivateEgress(o, true);
    const r = await o.post('dana', `${S}/save`, {
      name: 'Client certificate',
      kind: 'certificate',
      settings: { certificate: client.cert, ca: pair.cert },
      secret: client.key,
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    certId = r.json().data.id;
  });
  afterAll(async () => {
    for (const s of [target, hop]) await new Promise<void>((r) => s.srv.close(() => r()));
  });

  it('never sends the private key back, in the list, the detail or a test', async () => {
    const list = await o.post('dana', `${S}/datatables`, { page: 1, length: 100 });
    const detail = await o.get('dana', `${S}/fetch?id=${certId}`);
    for (const body of [list.body, detail.body]) {
      expect(body).not.toContain('PRIVATE KEY');
      expect(body).not.toContain(client.key.split('\n')[1]!);
    }
  });

  it('is not usable by another organisation, nor by a regular user', async () => {
    const config = {
      method: 'GET',
      url: `${base(target)}/x`,
      headers: [],
      query: [],
      bodyType: 'none',
      body: [],
      responsePath: '',
      outputs: [],
    };
    const other = await o.post('bravo', '/api/dataconnector/test', {
      dcType: 'rest',
      config,
      securityHeaderId: certId,
      input: {},
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('The security header this request names no longer exists.');
    const sam = await o.post('sam', `${S}/save`, {
      name: 'Mine',
      kind: 'certificate',
      settings: { certificate: client.cert },
      secret: client.key,
    });
    expect(sam.statusCode).toBe(403);
  });

  it('shows the client certificate only to the host it is for, not where that host redirects', async () => {
    const tls = { cert: client.cert, key: client.key, ca: pair.cert };
    const res = await egressFetch(`${base(hop)}/start`, {}, { allowPrivate: true, tls });
    expect(res.status).toBe(200);
    expect(hop.shown.at(-1)).toBe('acme-client');
    // Another port is another origin: the trusted authorities go on, the certificate does not.
    expect(target.shown.at(-1)).toBe('none');
  });

  it('still refuses private targets when a certificate is set, unless the organisation allows them', async () => {
    const tls = { cert: client.cert, key: client.key, ca: pair.cert };
    await expect(egressFetch(`${base(target)}/x`, {}, { tls })).rejects.toMatchObject({ code: 'refused' });
  });
});
