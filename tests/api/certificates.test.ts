import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { generate } from 'selfsigned';
import { listen } from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { allowPrivateEgress, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

const S = '/api/dataconnector/securityheader';

/** A throwaway certificate; for a server, one that names 127.0.0.1. */
async function makeCert(name: string, server = false) {
  const pems = await generate([{ name: 'commonName', value: name }], {
    keySize: 2048,
    algorithm: 'sha256',
    ...(server ? { extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }] } : {}),
  } as never);
  return { key: pems.private, cert: pems.cert };
}

/** An HTTPS service that asks for a client certificate and trusts only `clients`; it answers whom it saw. */
function startMutualTls(server: { key: string; cert: string }, clients: string[]) {
  const seen: string[] = [];
  const srv = https.createServer(
    { ...server, requestCert: true, rejectUnauthorized: true, ca: clients },
    (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      seen.push(String(peer.subject?.CN ?? ''));
      const caller = peer.subject?.CN;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ caller, items: [{ id: caller, name: `Caller ${caller}` }] }));
    },
  );
  return { srv, seen };
}

/** The SOAP orders service, keeping each request as it arrived (to check its signature). */
function startSoap() {
  const received: string[] = [];
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  const service = {
    OrderService: {
      OrderPort: {
        GetOrder: (args: { customer: string }) => ({ order: { id: `o-${args.customer}`, customer: args.customer } }),
      },
    },
  };
  return { server, service, received };
}

describe.each(await testDialects())('X.509 certificates on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }]);
  let serverPair: { key: string; cert: string };
  let client: { key: string; cert: string };
  let stranger: { key: string; cert: string };
  let mtls: ReturnType<typeof startMutualTls>;
  const soapSvc = startSoap();
  let httpsBase = '';
  let wsdlUrl = '';
  let certId = '';
  const save = (body: object) => o.post('dana', `${S}/save`, body);

  beforeAll(async () => {
    [serverPair, client, stranger] = await Promise.all([
      makeCert('orders.test', true),
      makeCert('flowforms-client'),
      makeCert('someone-else'),
    ]);
    mtls = startMutualTls(serverPair, [client.cert]);
    await new Promise<void>((r) => mtls.srv.listen(0, '127.0.0.1', r));
    httpsBase = `https://127.0.0.1:${(mtls.srv.address() as AddressInfo).port}`;
    await new Promise<void>((r) => soapSvc.server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(soapSvc.server.address() as AddressInfo).port}`;
    const wsdl = fs
      .readFileSync(path.resolve(import.meta.dirname, '../fixtures/orders.wsdl'), 'utf8')
      .replace('127.0.0.1:0', host);
    const soapServer = listen(soapSvc.server, '/orders', soapSvc.service, wsdl);
    soapServer.log = (type: string, data: unknown) => {
      if (type === 'received') soapSvc.received.push(String(data));
    };
    wsdlUrl = `http://${host}/orders?wsdl`;
    await allowPrivateEgress(o, true);
    const r = await save({
      name: 'Orders certificate',
      kind: 'certificate',
      settings: { certificate: client.cert, ca: serverPair.cert },
      secret: client.key,
    });
    expect(r.json(), r.body).toMatchObject({ success: true, data: { kind: 'certificate', hasSecret: true } });
    certId = r.json().data.id;
  });
  afterAll(async () => {
    await new Promise<void>((r) => mtls.srv.close(() => r()));
    await new Promise<void>((r) => soapSvc.server.close(() => r()));
  });

  it('keeps the key sealed, shows whom the certificate names, and refuses what cannot work', async () => {
    const got = await o.get('dana', `${S}/fetch?id=${certId}`);
    expect(got.json().data).toMatchObject({
      settings: { certificate: expect.stringContaining('BEGIN CERTIFICATE') },
      certificateInfo: { subject: 'CN=flowforms-client', issuer: 'CN=flowforms-client' },
    });
    expect(new Date(got.json().data.certificateInfo.validTo).getTime()).toBeGreaterThan(Date.now());
    expect(got.body).not.toContain('PRIVATE KEY');
    const row = await o.tdb.selectFrom('security_headers').select('secret').where('id', '=', certId).executeTakeFirst();
    expect(row!.secret).not.toContain('PRIVATE KEY');

    const bad: [object, string][] = [
      [{ settings: { certificate: 'hello' }, secret: client.key }, 'Certificate: paste a certificate in PEM form'],
      [
        { settings: { certificate: client.cert.replace(/[A-Za-z]{20}/, 'x') }, secret: client.key },
        'Certificate: the certificate cannot be read',
      ],
      [{ settings: { certificate: client.cert }, secret: 'not a key' }, 'Private key: paste an unencrypted'],
      [
        { settings: { certificate: client.cert }, secret: stranger.key },
        'The private key does not belong to the certificate',
      ],
      [
        { settings: { certificate: client.cert, ca: 'nope' }, secret: client.key },
        'Trusted authorities: paste a certificate in PEM form',
      ],
      [{ settings: {}, secret: client.key }, 'Certificate is required'],
    ];
    for (const [body, message] of bad) {
      const r = await save({ name: 'Broken certificate', kind: 'certificate', ...body });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().message).toContain(message);
    }
    // A new certificate needs its key; the name alone can change without one.
    const v = got.json().data.version;
    const swap = await save({
      id: certId,
      version: v,
      name: 'Orders certificate',
      kind: 'certificate',
      settings: { certificate: stranger.cert, ca: serverPair.cert },
    });
    expect(swap.json().message).toBe('A new certificate needs its private key');
    const renamed = await save({
      id: certId,
      version: v,
      name: 'Orders certificate',
      kind: 'certificate',
      settings: { certificate: client.cert, ca: serverPair.cert },
    });
    expect(renamed.json(), renamed.body).toMatchObject({ success: true, data: { hasSecret: true } });
  });

  it('presents the client certificate in the TLS handshake of a REST connector and a remote lookup', async () => {
    const rest = {
      method: 'GET',
      url: `${httpsBase}/whoami`,
      headers: [],
      query: [],
      bodyType: 'none',
      body: [],
      responsePath: '',
      outputs: [{ path: 'caller', field: 'caller' }],
    };
    const ok = await o.post('dana', '/api/dataconnector/test', {
      dcType: 'rest',
      config: rest,
      securityHeaderId: certId,
      input: {},
    });
    expect(ok.json(), ok.body).toMatchObject({
      success: true,
      data: { status: 200, outputs: { caller: 'flowforms-client' } },
    });
    expect(ok.body).not.toContain('PRIVATE KEY');
    expect(mtls.seen.at(-1)).toBe('flowforms-client');
    const lookup = await o.post('dana', '/api/form/Editor/RemoteUrl/test', {
      settings: {
        url: `${httpsBase}/parts`,
        requestType: 'GET',
        headers: [],
        params: [],
        body: [],
        submitAllFields: false,
        responseFormat: 'JSON',
        responsePath: 'items',
        valueKey: 'id',
        labelKey: 'name',
        securityHeaderId: certId,
      },
    });
    expect(lookup.json(), lookup.body).toMatchObject({
      success: true,
      data: { items: [{ id: 'flowforms-client', label: 'Caller flowforms-client' }] },
    });

    // Without the set the service's own certificate is not trusted and no client certificate is shown.
    const without = await o.post('dana', '/api/dataconnector/test', { dcType: 'rest', config: rest, input: {} });
    expect(without.statusCode).toBe(502);
    expect(without.json().success).toBe(false);

    // A certificate the service does not trust is turned away in the handshake.
    const other = await save({
      name: 'Stranger certificate',
      kind: 'certificate',
      settings: { certificate: stranger.cert, ca: serverPair.cert },
      secret: stranger.key,
    });
    const refused = await o.post('dana', '/api/dataconnector/test', {
      dcType: 'rest',
      config: rest,
      securityHeaderId: other.json().data.id,
      input: {},
    });
    expect(refused.statusCode).toBe(502);
    expect(mtls.seen.filter((s) => s === 'someone-else')).toHaveLength(0);
  });

  it('signs SOAP messages with the certificate (WS-Security X.509), a signature the service can check', async () => {
    const config = {
      wsdlUrl,
      operation: 'GetOrder',
      args: [{ name: 'customer', value: '{{customer}}' }],
      useJsonWorkflow: false,
      jsonBody: '',
      responsePath: 'order',
      outputs: [{ path: 'id', field: 'order_id' }],
      wsSecurity: 'certificate',
    };
    const r = await o.post('dana', '/api/dataconnector/test', {
      dcType: 'soap',
      config,
      securityHeaderId: certId,
      input: { customer: 'signed' },
    });
    expect(r.json(), r.body).toMatchObject({ success: true, data: { outputs: { order_id: 'o-signed' } } });
    expect(r.body).not.toContain('PRIVATE KEY');
    const xml = soapSvc.received.at(-1)!;
    expect(xml).toContain('BinarySecurityToken');
    const signature = /<(\w+:)?Signature [\s\S]*<\/(\w+:)?Signature>/.exec(xml)?.[0];
    expect(signature).toBeTruthy();
    const check = (cert: string, doc: string) => {
      const v = new SignedXml({ publicCert: cert, idMode: 'wssecurity' } as never);
      v.loadSignature(signature!);
      try {
        return v.checkSignature(doc);
      } catch {
        return false;
      }
    };
    expect(check(client.cert, xml)).toBe(true);
    // The body is covered: a changed customer no longer matches the signature.
    expect(check(client.cert, xml.replace('>signed<', '>forged<'))).toBe(false);
    expect(check(stranger.cert, xml)).toBe(false);

    // Signing needs a Certificate set.
    const basic = await save({ name: 'Orders login', kind: 'basic', settings: { username: 'u' }, secret: 'p' });
    const refused = await o.post('dana', '/api/dataconnector/test', {
      dcType: 'soap',
      config,
      securityHeaderId: basic.json().data.id,
      input: { customer: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Signing needs a security header of the kind Certificate (certificate and private key).',
    );
  });
});
