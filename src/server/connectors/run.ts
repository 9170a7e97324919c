import { loadConnectorRegistry } from '../../../runtime/connector-registry-node.js';
import { ConnectorError, type ConnectorRequest } from '../../../runtime/plugin-contract.js';
import { credentialHeaders, credentialPair, credentialTls, type Egress } from '../credentials/apply.js';
import { egressFetch, EgressError } from '../egress/fetch.js';
import { badRequest, HttpError } from '../http/errors.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { writeRunLog } from '../runlog/log.js';

/** What a connector call may send and read: bounded in time and size like every outbound call. */
const TIMEOUT_MS = 15_000;
const MAX_BYTES = 2 * 1024 * 1024;
const SENSITIVE = /^(authorization|proxy-authorization|cookie|x-api-key|api-key)$/i;

/**
 * Runs a connector plugin with its settings and inputs: the plugin builds the request, this adds the security
 * header's credentials (opened only here) and sends it through the egress module; the request comes back with
 * credentials masked, with the answer and how long it took.
 */
type Settings = {
  dcType: string;
  config: Record<string, unknown>;
  securityHeaderId?: string | null;
  /** Shorter than the 15 s every call is bounded by (a workflow step's time limit). */
  timeoutMs?: number;
};

/** What caused a connector call, for the run log. */
export interface RunTrace {
  trigger: 'test' | 'execute' | 'run' | 'step' | 'automation';
  connectorId?: string | null;
  connectorName: string;
  recordId?: string | null;
  step?: string | null;
}

/** The last request a call sent and what came of it (a call may send several: pages, a WSDL). */
interface Last {
  sent?: ConnectorRequest;
  status?: number;
  text?: string;
  refused?: boolean;
}

async function prepare(tdb: TenantDb, c: Settings, egress: Egress) {
  const server = (await loadConnectorRegistry()).servers[c.dcType];
  if (!server) throw badRequest(`'${c.dcType}' is not a kind of connector`);
  const credentials = c.securityHeaderId ? await credentialHeaders(tdb, c.securityHeaderId, egress) : {};
  const tls = c.securityHeaderId ? await credentialTls(tdb, c.securityHeaderId) : null;
  const last: Last = {};
  // Secrets a plugin put into the message itself (WS-Security): masked wherever the request as sent shows them.
  const secrets: string[] = [];
  const mask = (text: string | undefined) =>
    text === undefined ? text : secrets.reduce((t, s) => (s ? t.split(s).join('••••') : t), text);
  const userCredentials = async () => {
    if (!c.securityHeaderId)
      throw badRequest('WS-Security needs a security header of the kind Basic (user name and password).');
    const pair = await credentialPair(tdb, c.securityHeaderId);
    secrets.push(pair.password);
    return pair;
  };
  const certificate = async () => {
    if (!tls)
      throw badRequest('Signing needs a security header of the kind Certificate (certificate and private key).');
    return { cert: tls.cert, key: tls.key };
  };
  const send = async (req: ConnectorRequest) => {
    const headers = { ...req.headers, ...credentials };
    const shown = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [k, SENSITIVE.test(k) || k in credentials ? '••••' : v]),
    );
    const sent = { ...req, headers: shown, body: mask(req.body) };
    Object.assign(last, { sent, status: undefined, text: undefined, refused: false });
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      throw badRequest('The connector has no valid address.');
    }
    try {
      const res = await egressFetch(
        url,
        { method: req.method, headers, body: req.body },
        {
          allowPrivate: egress.allowPrivate,
          log: egress.log,
          maxBytes: MAX_BYTES,
          timeoutMs: Math.min(c.timeoutMs ?? TIMEOUT_MS, TIMEOUT_MS),
          ...(tls ? { tls } : {}),
        },
      );
      const text = await res.text();
      Object.assign(last, { status: res.status, text });
      return { sent, status: res.status, contentType: res.headers.get('content-type') ?? '', text };
    } catch (err) {
      if (err instanceof EgressError) {
        last.refused = err.code === 'refused';
        throw new HttpError(502, err.message);
      }
      throw err;
    }
  };
  return { server, ctx: { send, userCredentials, certificate }, last };
}

const requestText = (r: ConnectorRequest) =>
  [`${r.method} ${r.url}`, ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`), '', r.body ?? ''].join('\n');

/** Writes the call into the run log; a log that cannot be written never fails the call. */
async function logRun(tdb: TenantDb, egress: Egress, trace: RunTrace, last: Last, ms: number, error?: string) {
  const ok = !error && last.status !== undefined && last.status >= 200 && last.status < 300;
  try {
    await writeRunLog(tdb, [
      {
        kind: 'connector',
        source_id: trace.connectorId ?? null,
        source_name: trace.connectorName,
        trigger: trace.trigger,
        record_id: trace.recordId ?? null,
        step: trace.step ?? null,
        method: last.sent?.method ?? '',
        url: last.sent?.url ?? '',
        status: last.status ?? null,
        outcome: last.refused ? 'refused' : ok ? 'ok' : 'failed',
        duration_ms: Math.round(ms),
        request: last.sent ? requestText(last.sent) : null,
        response: last.text ?? null,
        error: error ?? (ok || last.status === undefined ? null : `The other system answered ${last.status}.`),
      },
    ]);
  } catch (err) {
    egress.log?.warn({ err }, 'run log: a connector call could not be logged');
  }
}

/**
 * A plugin's error as the envelope reports it: its own status and words; a request it could not build (an address
 * made invalid by an input) as 400; never a 500.
 */
function reported(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof ConnectorError) return new HttpError(err.status, err.message);
  if (err instanceof TypeError) return badRequest(`The connector could not build its request: ${err.message}`);
  return err;
}

export async function runConnector(
  tdb: TenantDb,
  c: Settings,
  input: Record<string, unknown>,
  egress: Egress,
  trace?: RunTrace,
) {
  const { server, ctx, last } = await prepare(tdb, c, egress);
  const t0 = performance.now();
  try {
    const r = await server.invoke(c.config as never, input, ctx);
    const durationMs = Math.round(performance.now() - t0);
    if (trace) await logRun(tdb, egress, trace, last, durationMs);
    return { ...r, durationMs };
  } catch (err) {
    const e = reported(err);
    if (trace) await logRun(tdb, egress, trace, last, performance.now() - t0, (e as Error).message ?? String(e));
    throw e;
  }
}

/** What the other system offers (a WSDL's operations), for connector kinds that can be browsed. */
export async function describeConnector(tdb: TenantDb, c: Settings, egress: Egress) {
  const { server, ctx } = await prepare(tdb, c, egress);
  if (!server.describe) throw badRequest('This kind of connector cannot be browsed.');
  try {
    return await server.describe(c.config as never, ctx);
  } catch (err) {
    throw reported(err);
  }
}
