import { egressFetch, EgressError, type ClientTls, type EgressLog } from '../egress/fetch.js';
import { HttpError } from '../http/errors.js';
import type { RemoteEntry, RemoteSettings } from '../../../runtime/remote-source.js';
import type { LookupItem } from './records.js';

/** What a remote lookup may send and read: small answers, quickly. */
const MAX_BYTES = 1024 * 1024;
const TIMEOUT_MS = 8_000;
const MAX_ITEMS = 200;

export interface RemoteInput {
  search: string;
  data: Record<string, unknown>;
}

/** A reference field's value goes out as its id; anything else as text. */
function entryValue(e: RemoteEntry, input: RemoteInput): string {
  if (e.type === 'literal') return e.value;
  if (e.type === 'data') return input.search;
  const v = Object.hasOwn(input.data, e.value) ? input.data[e.value] : undefined;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string') return (v as { id: string }).id;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Reads `a.b.c` of a parsed answer, through own properties only. */
function at(value: unknown, path: string): unknown {
  let v = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (!v || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

const SENSITIVE = /^(authorization|proxy-authorization|cookie|x-api-key|api-key)$/i;

export interface RemoteResult {
  /** The request as sent, with credentials masked: what the designer's test shows. */
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  status: number;
  items: LookupItem[];
}

/** Calls the other system through the egress module and reads the list out of its JSON answer. */
export async function callRemote(
  s: RemoteSettings,
  input: RemoteInput,
  egress: { allowPrivate: boolean; log?: EgressLog; tls?: ClientTls | null },
  signal?: AbortSignal,
  /** A security header's headers: sent as they are, never shown. */
  credentials: Record<string, string> = {},
): Promise<RemoteResult> {
  let url: URL;
  try {
    url = new URL(s.url);
  } catch {
    throw new HttpError(400, 'The remote lookup has no valid address.');
  }
  for (const p of s.params) url.searchParams.set(p.name, entryValue(p, input));
  const headers: Record<string, string> = { accept: 'application/json' };
  // A value from the form never starts a header of its own: control characters are dropped.
  for (const h of s.headers)
    headers[h.name.toLowerCase()] = [...entryValue(h, input)].filter((c) => c >= ' ' && c !== '\u007f').join('');
  Object.assign(headers, credentials);
  let body: Record<string, unknown> | undefined;
  if (s.requestType === 'POST') {
    body = Object.fromEntries(s.body.map((b) => [b.name, entryValue(b, input)]));
    if (s.submitAllFields) body.fields = input.data;
    headers['content-type'] = 'application/json';
  }
  const shown = Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, SENSITIVE.test(k) || k in credentials ? '••••' : v]),
  );
  const request = { method: s.requestType, url: url.toString(), headers: shown, ...(body ? { body } : {}) };
  let res: Response;
  try {
    res = await egressFetch(
      url,
      { method: s.requestType, headers, body: body ? JSON.stringify(body) : undefined, signal },
      {
        allowPrivate: egress.allowPrivate,
        log: egress.log,
        maxBytes: MAX_BYTES,
        timeoutMs: TIMEOUT_MS,
        ...(egress.tls ? { tls: egress.tls } : {}),
      },
    );
  } catch (err) {
    if (err instanceof EgressError) throw new HttpError(502, err.message);
    throw err;
  }
  const text = await res.text().catch((err: unknown) => {
    throw new HttpError(502, err instanceof EgressError ? err.message : `${url.host} sent an unreadable answer.`);
  });
  if (!res.ok) throw new HttpError(502, `${url.host} answered ${res.status}.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(502, `${url.host} did not answer with JSON.`);
  }
  const list = at(parsed, s.responsePath);
  if (!Array.isArray(list)) throw new HttpError(502, `The answer from ${url.host} has no list at '${s.responsePath}'.`);
  const items: LookupItem[] = [];
  for (const raw of list.slice(0, MAX_ITEMS)) {
    const id = at(raw, s.valueKey);
    if (id === undefined || id === null || typeof id === 'object') continue;
    const label = at(raw, s.labelKey);
    const values = Object.fromEntries(
      Object.entries(raw && typeof raw === 'object' ? raw : {})
        .filter(([, v]) => v === null || ['string', 'number', 'boolean'].includes(typeof v))
        .slice(0, 10),
    );
    items.push({ id: String(id), label: label === undefined || label === null ? String(id) : String(label), values });
  }
  return { request, status: res.status, items };
}
