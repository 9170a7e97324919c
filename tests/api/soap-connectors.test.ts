import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { listen } from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowPrivateEgress, useOffice } from '../support/office.js';
import { testDialects } from '../support/databases.js';

/** A SOAP service built with the `soap` package's own server: orders by customer, a fault for 'bad'. */
function startService() {
  const seen: { customer: string; amount?: string; authorization?: string; security?: unknown }[] = [];
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  const service = {
    OrderService: {
      OrderPort: {
        GetOrder(
          args: { customer: string; amount?: string },
          _cb: unknown,
          headers: { Security?: unknown } | undefined,
          req: http.IncomingMessage,
        ) {
          seen.push({ ...args, authorization: req.headers.authorization, security: headers?.Security });
          if (args.customer === 'bad') throw { Fault: { faultcode: 'soap:Client', faultstring: 'No such customer' } };
          return { order: { id: `o-${args.customer}`, customer: args.customer, total: '12.50' } };
        },
      },
    },
  };
  return { server, service, seen };
}

describe.each(await testDialects())('SOAP connectors on %s', (dialect) => {
  const o = useOffice(dialect, [{ username: 'dana', isFullUser: true }]);
  const svc = startService();
  let wsdlUrl = '';
  let headerId = '';
  const allowPrivate = (on: boolean) => allowPrivateEgress(o, on);
  const soap = (extra: object = {}) => ({
    wsdlUrl,
    operation: 'GetOrder',
    args: [{ name: 'customer', value: '{{customer}}' }],
    useJsonWorkflow: false,
    jsonBody: '',
    responsePath: 'order',
    outputs: [{ path: 'id', field: 'order_id' }],
    ...extra,
  });

  beforeAll(async () => {
    await new Promise<void>((r) => svc.server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(svc.server.address() as AddressInfo).port}`;
    const wsdl = fs
      .readFileSync(path.resolve(import.meta.dirname, '../fixtures/orders.wsdl'), 'utf8')
      .replace('127.0.0.1:0', host);
    listen(svc.server, '/orders', svc.service, wsdl);
    wsdlUrl = `http://${host}/orders?wsdl`;
    await allowPrivate(true);
    const h = await o.post('dana', '/api/dataconnector/securityheader/save', {
      name: 'Orders login',
      kind: 'basic',
      settings: { username: 'flow' },
      secret: 'pa55-word',
    });
    headerId = h.json().data.id;
  });
  afterAll(() => new Promise<void>((r) => svc.server.close(() => r())));

  it('signs requests with a WS-Security username token from the security header, the password masked', async () => {
    for (const mode of ['text', 'digest'] as const) {
      const r = await o.post('dana', '/api/dataconnector/test', {
        dcType: 'soap',
        config: soap({ wsSecurity: mode }),
        securityHeaderId: headerId,
        input: { customer: `ws-${mode}` },
      });
      expect(r.json(), r.body).toMatchObject({ success: true, data: { outputs: { order_id: `o-ws-${mode}` } } });
      expect(r.body).not.toContain('pa55-word');
      const token = (svc.seen.at(-1)!.security as { UsernameToken: Record<string, unknown> }).UsernameToken;
      expect(token.Username).toBe('flow');
      const password = token.Password as { $value?: string; attributes?: { Type?: string } } | string;
      const value = typeof password === 'string' ? password : password.$value;
      if (mode === 'text') expect(value).toBe('pa55-word');
      else {
        expect(value).not.toBe('pa55-word');
        expect(token.Nonce).toBeTruthy();
      }
    }
    // A token needs a user name and password: a bearer set cannot give one.
    const bearer = await o.post('dana', '/api/dataconnector/securityheader/save', {
      name: 'A token',
      kind: 'bearer',
      settings: {},
      secret: 't0ken',
    });
    const refused = await o.post('dana', '/api/dataconnector/test', {
      dcType: 'soap',
      config: soap({ wsSecurity: 'text' }),
      securityHeaderId: bearer.json().data.id,
      input: { customer: 'x' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'WS-Security needs a security header of the kind Basic (user name and password).',
    );
  });

  it('needs request data and security unless a JSON workflow is used', async () => {
    for (const body of [
      { dcType: 'soap', name: 'No security', config: soap() },
      { dcType: 'soap', name: 'No data', config: soap({ args: [] }), securityHeaderId: headerId },
    ]) {
      const r = await o.post('dana', '/api/dataconnector/save', body);
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toBe('SOAP connectors need request data and security unless a JSON workflow is used');
    }
    const json = await o.post('dana', '/api/dataconnector/save', {
      dcType: 'soap',
      name: 'JSON workflow',
      config: soap({ args: [], useJsonWorkflow: true, jsonBody: '{"customer":"{{customer}}","amount":"5"}' }),
    });
    expect(json.json(), json.body).toMatchObject({ success: true, data: { inputs: ['customer'] } });
    const run = await o.post('dana', '/api/workflowapi/dataconnectorexecute', {
      id: json.json().data.id,
      input: { customer: 'q"uote' },
    });
    expect(run.json(), run.body).toMatchObject({ success: true, data: { outputs: { order_id: 'o-q"uote' } } });
    expect(svc.seen.at(-1)).toMatchObject({ customer: 'q"uote', amount: '5' });
  });

  it('loads the WSDL and calls the operation through the egress module, with the credentials masked', async () => {
    const r = await o.post('dana', '/api/dataconnector/test', {
      dcType: 'soap',
      config: soap(),
      securityHeaderId: headerId,
      input: { customer: 'acme' },
    });
    expect(r.json(), r.body).toMatchObject({
      success: true,
      data: {
        status: 200,
        request: { method: 'POST', headers: { authorization: '••••' } },
        response: { order: { id: 'o-acme', customer: 'acme', total: '12.50' } },
        outputs: { order_id: 'o-acme' },
        columns: ['id', 'customer', 'total'],
      },
    });
    expect(r.json().data.request.body).toContain('acme');
    expect(r.body).not.toContain('pa55-word');
    expect(svc.seen.at(-1)!.authorization).toBe(`Basic ${Buffer.from('flow:pa55-word').toString('base64')}`);
  });

  it('browses the operations the WSDL describes, with their input parts', async () => {
    const r = await o.post('dana', '/api/dataconnector/describe', {
      dcType: 'soap',
      config: soap({ operation: '' }),
      securityHeaderId: headerId,
    });
    expect(r.json(), r.body).toMatchObject({
      success: true,
      data: [{ name: 'GetOrder', inputs: ['customer', 'amount'] }],
    });
    const rest = await o.post('dana', '/api/dataconnector/describe', { dcType: 'rest', config: {} });
    expect(rest.json()).toMatchObject({ success: false, message: 'This kind of connector cannot be browsed.' });
  });

  it('reports faults, unknown operations and refused addresses clearly', async () => {
    const test = (config: object, input: object = {}) =>
      o.post('dana', '/api/dataconnector/test', { dcType: 'soap', config, securityHeaderId: headerId, input });
    const fault = await test(soap(), { customer: 'bad' });
    expect(fault.statusCode).toBe(502);
    expect(fault.json().message).toBe('The service answered with a fault: No such customer');
    const unknown = await test(soap({ operation: 'DropTables' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Choose one of the service's operations: GetOrder");
    await allowPrivate(false);
    const before = svc.seen.length;
    const refused = await test(soap(), { customer: 'acme' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/not allowed/);
    expect(svc.seen.length).toBe(before);
    await allowPrivate(true);
  });
});
