import { egressFetch, EgressError, type ClientTls, type EgressLog } from '../egress/fetch.js';
import { SecretError } from '../crypto/secrets.js';
import { HttpError } from '../http/errors.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { openHeader } from './service.js';

export interface Egress {
  allowPrivate: boolean;
  log?: EgressLog;
}

/** OAuth2 tokens by tenant, set and version, until shortly before they expire (one request at a time per set). */
const tokens = new Map<string, Promise<{ token: string; until: number }>>();
const EARLY_MS = 30_000;
const MAX_CACHED = 5_000;

async function fetchToken(
  set: { settings: { tokenUrl?: string; clientId?: string; scope?: string; audience?: string }; secret: string },
  egress: Egress,
): Promise<{ token: string; until: number }> {
  const url = new URL(set.settings.tokenUrl!);
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: set.settings.clientId!,
    client_secret: set.secret,
  });
  if (set.settings.scope) form.set('scope', set.settings.scope);
  if (set.settings.audience) form.set('audience', set.settings.audience);
  let text: string;
  let status: number;
  try {
    const res = await egressFetch(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
      },
      { allowPrivate: egress.allowPrivate, log: egress.log, maxBytes: 64 * 1024, timeoutMs: 8_000 },
    );
    status = res.status;
    text = await res.text();
  } catch (err) {
    if (err instanceof EgressError) throw new HttpError(502, `The token service: ${err.message}`);
    throw err;
  }
  if (status < 200 || status >= 300) throw new HttpError(502, `The token service at ${url.host} answered ${status}.`);
  let body: { access_token?: unknown; expires_in?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new HttpError(502, `The token service at ${url.host} did not answer with JSON.`);
  }
  if (typeof body.access_token !== 'string' || !body.access_token)
    throw new HttpError(502, `The token service at ${url.host} sent no access token.`);
  const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
  return { token: body.access_token, until: Date.now() + seconds * 1000 - EARLY_MS };
}

/** A cached token, or a new one (a failed request is not kept). */
async function tokenFor(key: string, load: () => Promise<{ token: string; until: number }>): Promise<string> {
  const cached = tokens.get(key);
  if (cached) {
    const t = await cached.catch(() => null);
    if (t && t.until > Date.now()) return t.token;
    if (tokens.get(key) === cached) tokens.delete(key);
  }
  if (tokens.size >= MAX_CACHED) tokens.clear();
  const p = load();
  tokens.set(key, p);
  p.catch(() => tokens.get(key) === p && tokens.delete(key));
  return (await p).token;
}

/**
 * A set with its secret opened, or null when it is gone; a 400 when the secret does not open (sealed for another
 * tenant or set, or with another SECRET_KEY).
 */
async function opened(tdb: TenantDb, id: string) {
  try {
    return await openHeader(tdb, id);
  } catch (err) {
    if (err instanceof SecretError)
      throw new HttpError(400, 'A security header this request names cannot be read: save its secret again.');
    throw err;
  }
}

/** A Basic set's user name and password, for message-level security (WS-Security), or a 400 for any other set. */
export async function credentialPair(tdb: TenantDb, id: string): Promise<{ username: string; password: string }> {
  const set = await opened(tdb, id);
  if (!set || set.kind !== 'basic')
    throw new HttpError(400, 'WS-Security needs a security header of the kind Basic (user name and password).');
  return { username: set.settings.username ?? '', password: set.secret };
}

/** Control characters never reach a header line. */
const clean = (v: string) => [...v].filter((c) => c >= ' ' && c !== '\u007f').join('');

/**
 * The headers a security header adds to an outgoing request (the only place its secret is opened), or a 400 when
 * the set named is gone. An OAuth2 set first gets a token from its token service, through the egress module.
 */
export async function credentialHeaders(tdb: TenantDb, id: string, egress: Egress): Promise<Record<string, string>> {
  const set = await opened(tdb, id);
  if (!set) throw new HttpError(400, 'The security header this request names no longer exists.');
  switch (set.kind) {
    case 'apiKey':
      return { [set.settings.headerName!.toLowerCase()]: clean(set.secret) };
    case 'basic':
      return {
        authorization: `Basic ${Buffer.from(`${set.settings.username ?? ''}:${set.secret}`).toString('base64')}`,
      };
    case 'bearer':
      return { authorization: `Bearer ${clean(set.secret)}` };
    case 'oauth2': {
      const token = await tokenFor(`${tdb.tenantId}:${set.id}:${set.version}`, () => fetchToken(set, egress));
      return { authorization: `Bearer ${clean(token)}` };
    }
    // A certificate goes into the TLS handshake and the message signature, never a header (credentialTls).
    case 'certificate':
      return {};
  }
}

/** A Certificate set's certificate, private key and trusted authorities, or null for a set of another kind. */
export async function credentialTls(
  tdb: TenantDb,
  id: string,
): Promise<(ClientTls & { cert: string; key: string }) | null> {
  const set = await opened(tdb, id);
  if (!set || set.kind !== 'certificate' || !set.settings.certificate) return null;
  return { cert: set.settings.certificate, key: set.secret, ...(set.settings.ca ? { ca: set.settings.ca } : {}) };
}
