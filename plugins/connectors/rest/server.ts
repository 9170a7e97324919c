import { defineConnectorServer } from '../../../runtime/plugin-contract';
import { answerValues, inputText, TEMPLATE } from '../../../runtime/connector-values';
import { manifest, type RestEntry } from './manifest';

const fill = (s: string, input: Record<string, unknown>, encode: (x: string) => string = (x) => x) =>
  s.replace(TEMPLATE, (_, name: string) => encode(inputText(input, name)));

/** Control characters never reach a header line. */
const clean = (v: string) => [...v].filter((c) => c >= ' ' && c !== '\u007f').join('');

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
    return { request: r.sent, status: r.status, response: parsed, ...answerValues(parsed, c.responsePath, c.outputs) };
  },
});
