import crypto from 'node:crypto';
import dns from 'node:dns';
import net from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { isPublicAddress } from './addresses.js';

/** Pino-compatible; the app's or a request's logger fits. */
export interface EgressLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface EgressOptions {
  /** Let the call reach private, loopback and link-local addresses (a tenant's `allow_private_egress`). */
  allowPrivate?: boolean;
  /** Further addresses to allow besides public ones; pass a stable function (each gets its own connection pool). */
  allowAddress?: (address: string) => boolean;
  /** For the whole call, redirects and body included. Default 10 s. */
  timeoutMs?: number;
  /** Largest response body (after decompression). Default 5 MB. */
  maxBytes?: number;
  /** Redirects followed at most. Default 5. */
  maxRedirects?: number;
  log?: EgressLog;
  /** A client certificate for the TLS handshake (mutual TLS), and the authorities trusted instead of the usual ones. */
  tls?: ClientTls;
}

/** PEM texts: a certificate with its private key, and the authorities trusted instead of the usual ones. */
export interface ClientTls {
  cert?: string;
  key?: string;
  ca?: string;
}

export type EgressErrorCode = 'bad-url' | 'refused' | 'timeout' | 'too-large' | 'redirects' | 'unreachable';

/** A failed outbound call; the message names the host and is fit to show a user. */
export class EgressError extends Error {
  constructor(
    readonly code: EgressErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EgressError';
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

const refused = (host: string) =>
  new EgressError(
    'refused',
    `Calls to ${host} are not allowed: it is a private, loopback or link-local address. An administrator can allow private network targets for this organisation.`,
  );

type Lookup = net.LookupFunction;

/**
 * Resolves as usual, then refuses the connection when any address is not allowed. It runs at connect time for
 * the very addresses the socket will use, so a name that resolves differently later (DNS rebinding) is still caught.
 */
function guardedLookup(allowed: (ip: string) => boolean): Lookup {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      if (!list.length || list.some((a) => !allowed(a.address))) return callback(refused(hostname), '', 0);
      if ((options as dns.LookupOptions).all)
        return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

const agentFor = (allowed: ((ip: string) => boolean) | undefined, tls?: ClientTls) =>
  new Agent({ connect: { ...(allowed ? { lookup: guardedLookup(allowed) } : {}), ...(tls ?? {}) } });
const publicOnly = agentFor(isPublicAddress);
const anyAddress = agentFor(undefined);
const custom = new WeakMap<(ip: string) => boolean, Agent>();

/** Agents holding a client certificate, by certificate and target rule; the oldest closed past a bound. */
const withTls = new Map<string, Agent>();
const MAX_TLS_AGENTS = 50;
const ruleIds = new WeakMap<(ip: string) => boolean, number>();
let nextRuleId = 0;

function tlsAgent(tls: ClientTls, opts: EgressOptions): Agent {
  const extra = opts.allowAddress;
  const rule = opts.allowPrivate
    ? 'any'
    : extra
      ? `extra:${ruleIds.get(extra) ?? (ruleIds.set(extra, ++nextRuleId), nextRuleId)}`
      : 'public';
  const key = `${rule}:${crypto
    .createHash('sha256')
    .update(`${tls.cert ?? ''}\0${tls.key ?? ''}\0${tls.ca ?? ''}`)
    .digest('hex')}`;
  let agent = withTls.get(key);
  if (agent) return agent;
  const allowed = opts.allowPrivate
    ? undefined
    : extra
      ? (ip: string) => isPublicAddress(ip) || extra(ip)
      : isPublicAddress;
  agent = agentFor(allowed, tls);
  withTls.set(key, agent);
  if (withTls.size > MAX_TLS_AGENTS) {
    const [oldest, old] = withTls.entries().next().value!;
    withTls.delete(oldest);
    void old.close().catch(() => undefined);
  }
  return agent;
}

function dispatcherFor(opts: EgressOptions): Agent {
  if (opts.tls) return tlsAgent(opts.tls, opts);
  if (opts.allowPrivate) return anyAddress;
  const extra = opts.allowAddress;
  if (!extra) return publicOnly;
  let agent = custom.get(extra);
  if (!agent) custom.set(extra, (agent = agentFor((ip) => isPublicAddress(ip) || extra(ip))));
  return agent;
}

/** Scheme and, for an IP literal (which never goes through the lookup), the address itself. */
function checkTarget(url: URL, opts: EgressOptions) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new EgressError('bad-url', `Only http and https addresses can be called, not ${url.protocol}`);
  if (opts.allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !isPublicAddress(host) && !opts.allowAddress?.(host)) throw refused(url.hostname);
}

/** The first EgressError in an error's cause chain (undici wraps connect errors in "fetch failed"). */
function egressCause(err: unknown): EgressError | undefined {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof EgressError) return e;
  }
  return undefined;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);
const mb = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/**
 * fetch for every outbound call of the server: only http(s); private targets refused at connect time unless
 * allowed; redirects followed here (each target checked again, credentials dropped across origins); the whole
 * call bounded in time and the body in size. Answers a standard Response; failures are EgressErrors, except an
 * abort through the caller's own signal, which rejects with that signal's reason.
 */
export async function egressFetch(
  input: string | URL,
  init: RequestInit = {},
  opts: EgressOptions = {},
): Promise<Response> {
  let url: URL;
  try {
    url = new URL(input);
  } catch (err) {
    throw new EgressError('bad-url', `Not a valid address: ${String(input).slice(0, 200)}`, { cause: err });
  }
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const mode = init.redirect ?? 'follow';
  const timer = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([timer, init.signal]) : timer;
  let dispatcher = dispatcherFor(opts);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body ?? undefined;
  const headers = new Headers(init.headers);

  const failure = (err: unknown, host: string): unknown => {
    if (init.signal?.aborted && !timer.aborted) return init.signal.reason;
    if (timer.aborted) return new EgressError('timeout', `${host} did not answer within ${timeoutMs / 1000} s.`);
    return egressCause(err) ?? new EgressError('unreachable', `${host} could not be reached.`, { cause: err });
  };

  for (let hop = 0; ; hop++) {
    const host = url.host;
    const started = performance.now();
    let res: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      checkTarget(url, opts);
      res = await undiciFetch(url, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal,
        dispatcher,
        ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      } as unknown as UndiciRequestInit);
    } catch (err) {
      const e = failure(err, host);
      opts.log?.warn(
        { method, host, ms: Math.round(performance.now() - started), err: (e as Error).message },
        'outbound call failed',
      );
      throw e;
    }
    opts.log?.info({ method, host, status: res.status, ms: Math.round(performance.now() - started) }, 'outbound call');

    const location = res.headers.get('location');
    if (REDIRECTS.has(res.status) && location && mode !== 'manual') {
      await res.body?.cancel().catch(() => undefined);
      if (mode === 'error') throw new EgressError('redirects', `${host} answered with a redirect.`);
      if (hop >= maxRedirects)
        throw new EgressError('redirects', `${host} redirected more than ${maxRedirects} times.`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch (err) {
        throw new EgressError('bad-url', `${host} redirected to an invalid address.`, { cause: err });
      }
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        if (method !== 'HEAD') method = 'GET';
        body = undefined;
        for (const h of ['content-type', 'content-length', 'content-encoding', 'content-language']) headers.delete(h);
      } else if (body instanceof ReadableStream) {
        throw new EgressError('redirects', `${host} redirected a request whose body cannot be sent again.`);
      }
      if (next.origin !== url.origin) {
        for (const h of ['authorization', 'cookie', 'proxy-authorization']) headers.delete(h);
        // The client certificate is for the host it was configured for, not wherever that host sends us.
        if (opts.tls?.cert) dispatcher = dispatcherFor({ ...opts, tls: opts.tls.ca ? { ca: opts.tls.ca } : undefined });
      }
      url = next;
      continue;
    }

    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new EgressError('too-large', `The answer from ${host} is larger than ${mb(maxBytes)}.`);
    }
    const source = NULL_BODY.has(res.status) ? undefined : res.body?.getReader();
    if (!source) await res.body?.cancel().catch(() => undefined);
    let seen = 0;
    const limited = source
      ? new ReadableStream<Uint8Array>({
          async pull(controller) {
            try {
              const chunk = await source.read();
              if (chunk.done) return controller.close();
              seen += chunk.value.byteLength;
              if (seen > maxBytes) {
                const e = new EgressError('too-large', `The answer from ${host} is larger than ${mb(maxBytes)}.`);
                await source.cancel(e).catch(() => undefined);
                return controller.error(e);
              }
              controller.enqueue(chunk.value);
            } catch (err) {
              controller.error(failure(err, host));
            }
          },
          cancel: (reason) => source.cancel(reason),
        })
      : null;
    const out = new Response(limited, {
      status: res.status,
      statusText: res.statusText,
      headers: [...res.headers] as [string, string][],
    });
    Object.defineProperties(out, { url: { value: url.href }, redirected: { value: hop > 0 } });
    return out;
  }
}
