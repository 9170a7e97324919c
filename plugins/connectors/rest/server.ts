import { defineConnectorServer } from '../../../runtime/plugin-contract';
import { manifest, TEMPLATE, type RestEntry } from './manifest';

/** An input as text: a reference (`{ id, label }`) goes out as its id, other objects as JSON. */
function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string') return (v as { id: string }).id;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const fill = (s: string, input: Record<string, unknown>, encode: (x: string) => string = (x) => x) =>
  s.replace(TEMPLATE, (_, name: string) => encode(text(Object.hasOwn(input, name) ? input[name] : undefined)));

/** Control characters never reach a header line. */
const clean = (v: string) => [...v].filter((c) => c >= ' ' && c !== '\u007f').join('');

/** Reads `a.b.c` (or `items.0.id`) of a parsed answer, through own properties only. */
function at(value: unknown, path: string): unknown {
  let v = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (!v || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

const entriesOf = (list: RestEntry[], input: Record<string, unknown>) =>
  list.map((e) => [e.name, fill(e.value, input)] as const);

export const server = defineConnectorServer({
  manifest,
  async invoke(c, input, ctx) {
    const url = new URL(fill(c.url, input, encodeURIComponent));
    for (const [k, v] of entriesOf(c.query, input)) url.searchParams.set(k, v);
    const headers: Record<string, string> = { accept: 'application/json' };
    for (const [k, v] of entriesOf(c.headers, input)) headers[k.toLowerCase()] = clean(v);
    let body: string | undefined;
    if (c.bodyType === 'json') {
      body = JSON.stringify(Object.fromEntries(entriesOf(c.body, input)));
      headers['content-type'] = 'application/json';
    } else if (c.bodyType === 'form') {
      body = new URLSearchParams(entriesOf(c.body, input).map(([k, v]) => [k, v])).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const r = await ctx.send({ method: c.method, url: url.toString(), headers, body });
    let parsed: unknown = r.text;
    if (/json/i.test(r.contentType) || /^\s*[[{]/.test(r.text)) {
      try {
        parsed = JSON.parse(r.text);
      } catch {
        /* kept as text */
      }
    }
    const data = at(parsed, c.responsePath);
    const first = Array.isArray(data) ? data[0] : data;
    const columns = first && typeof first === 'object' && !Array.isArray(first) ? Object.keys(first).slice(0, 100) : [];
    const outputs = Object.fromEntries(
      c.outputs.map((o) => {
        const v = at(first, o.path);
        return [o.field, v === undefined ? null : v];
      }),
    );
    return { request: r.sent, status: r.status, response: parsed, outputs, columns };
  },
});
