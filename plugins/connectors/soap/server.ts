import axios, { type AxiosAdapter } from 'axios';
import { createClientAsync, WSSecurity, WSSecurityCert, type Client } from 'soap';
import {
  ConnectorError,
  defineConnectorServer,
  type ConnectorContext,
  type ConnectorOperation,
  type ConnectorRequest,
} from '../../../runtime/plugin-contract';
import { answerValues, inputText, readPath, TEMPLATE } from '../../../runtime/connector-values';
import { manifest, type SoapConfig } from './manifest';

/** Headers the sending side sets itself. */
const OWN = new Set(['host', 'content-length', 'connection', 'accept-encoding']);

/** The `soap` package's HTTP, WSDL download included, sent through the host (egress module, security header). */
function httpThrough(ctx: ConnectorContext, last: { sent?: ConnectorRequest; status?: number }) {
  const adapter: AxiosAdapter = async (config) => {
    const raw = (config.headers?.toJSON?.() ?? {}) as Record<string, unknown>;
    const headers = Object.fromEntries(
      Object.entries(raw)
        .filter(([k, v]) => !OWN.has(k.toLowerCase()) && v !== undefined && v !== null)
        .map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    const body = typeof config.data === 'string' ? config.data : undefined;
    const r = await ctx.send({
      method: (config.method ?? 'get').toUpperCase(),
      url: String(config.url),
      headers,
      body,
    });
    last.sent = r.sent;
    last.status = r.status;
    return {
      data: r.text,
      status: r.status,
      statusText: '',
      headers: { 'content-type': r.contentType },
      config,
      request: {},
    };
  };
  return axios.create({ adapter, validateStatus: () => true, transformResponse: [(d: unknown) => d] });
}

/** The operations the WSDL describes, each with the names of its input parts. */
function describeOps(client: Client): ConnectorOperation[] {
  const out = new Map<string, string[]>();
  const d = client.describe() as Record<string, Record<string, Record<string, { input?: unknown }>>>;
  for (const service of Object.values(d))
    for (const port of Object.values(service))
      for (const [name, op] of Object.entries(port)) {
        const input = op.input && typeof op.input === 'object' ? Object.keys(op.input) : [];
        if (!out.has(name))
          out.set(
            name,
            input.filter((k) => !k.includes('$')).map((k) => k.replace(/\[\]$/, '')),
          );
      }
  return [...out].map(([name, inputs]) => ({ name, inputs }));
}
const operations = (client: Client) => describeOps(client).map((o) => o.name);

async function clientFor(c: SoapConfig, ctx: ConnectorContext, last: { sent?: ConnectorRequest; status?: number }) {
  try {
    return await createClientAsync(c.wsdlUrl, { request: httpThrough(ctx, last) as never, disableCache: true });
  } catch (err) {
    if (err instanceof Error && 'statusCode' in err) throw err;
    throw new ConnectorError(
      502,
      `The service description could not be read: ${String((err as Error)?.message ?? err).slice(0, 300)}`,
    );
  }
}

function request(c: SoapConfig, input: Record<string, unknown>): Record<string, unknown> {
  if (!c.useJsonWorkflow)
    return Object.fromEntries(
      c.args.map((a) => [a.name, a.value.replace(TEMPLATE, (_, n: string) => inputText(input, n))]),
    );
  // Inputs go into the JSON document as string contents: they cannot end a string or add members.
  const json = c.jsonBody.replace(TEMPLATE, (_, n: string) => JSON.stringify(inputText(input, n)).slice(1, -1));
  try {
    const doc = JSON.parse(json || '{}') as unknown;
    if (doc && typeof doc === 'object' && !Array.isArray(doc)) return doc as Record<string, unknown>;
  } catch {
    /* refused below */
  }
  throw new ConnectorError(400, 'The JSON workflow is not a JSON object.');
}

const reason = (err: unknown) => {
  const fault = readPath(err, 'root.Envelope.Body.Fault');
  const f = (readPath(fault, 'faultstring') ?? readPath(fault, 'Reason.Text')) as string | undefined;
  return f
    ? `The service answered with a fault: ${String(f).slice(0, 300)}`
    : `The service could not be called: ${String((err as Error)?.message ?? err).slice(0, 300)}`;
};

export const server = defineConnectorServer({
  manifest,
  async describe(c, ctx) {
    return describeOps(await clientFor(c, ctx, {}));
  },
  async invoke(c, input, ctx) {
    const last: { sent?: ConnectorRequest; status?: number } = {};
    const client = await clientFor(c, ctx, last);
    if (c.wsSecurity === 'text' || c.wsSecurity === 'digest') {
      const { username, password } = await ctx.userCredentials();
      client.setSecurity(
        new WSSecurity(username, password, {
          passwordType: c.wsSecurity === 'digest' ? 'PasswordDigest' : 'PasswordText',
          hasTimeStamp: true,
          hasNonce: true,
        }),
      );
    } else if (c.wsSecurity === 'certificate') {
      // Signs the body and a timestamp (RSA-SHA256, exclusive c14n), the certificate sent as a binary token.
      const { cert, key } = await ctx.certificate();
      client.setSecurity(new WSSecurityCert(key, cert, '', { hasTimeStamp: true }));
    }
    const ops = operations(client);
    const call = (client as unknown as Record<string, unknown>)[`${c.operation}Async`];
    if (!c.operation || !ops.includes(c.operation) || typeof call !== 'function')
      throw new ConnectorError(400, `Choose one of the service's operations: ${ops.join(', ')}`);
    let result: unknown;
    try {
      [result] = (await (call as (a: unknown) => Promise<unknown[]>).call(client, request(c, input))) as [unknown];
    } catch (err) {
      if (err instanceof ConnectorError || (err instanceof Error && 'statusCode' in err)) throw err;
      throw new ConnectorError(502, reason(err));
    }
    return {
      request: last.sent ?? { method: 'POST', url: c.wsdlUrl, headers: {} },
      status: last.status ?? 200,
      response: result ?? null,
      ...answerValues(result, c.responsePath, c.outputs),
    };
  },
});
