import {
  ConnectorError,
  defineConnectorServer,
  type ConnectorContext,
  type ConnectorRequest,
} from '../../../runtime/plugin-contract';
import { answerValues, inputText, readPath, TEMPLATE } from '../../../runtime/connector-values';
import { manifest, type RestConfig, type RestEntry } from './manifest';

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
    const first = await page(ctx, { method: c.method, url: url.toString(), headers, body });
    if (!c.paging || c.paging === 'single' || first.status < 200 || first.status > 299)
      return { ...first, ...answerValues(first.response, c.responsePath, c.outputs) };
    const items = await following(c, ctx, first, { method: c.method, url, headers, body });
    return { request: first.request, status: first.status, response: items, ...answerValues(items, '', c.outputs) };
  },
});

/** One request, its answer read as JSON where it is JSON. */
async function page(ctx: ConnectorContext, req: ConnectorRequest) {
  const r = await ctx.send(req);
  let parsed: unknown = r.text;
  if (/json/i.test(r.contentType) || /^\s*[[{]/.test(r.text)) {
    try {
      parsed = JSON.parse(r.text);
    } catch {
      /* kept as text */
    }
  }
  return { request: r.sent, status: r.status, response: parsed };
}

/** The lists of every page, joined, asking for the next page as the paging says until there is none. */
async function following(
  c: RestConfig,
  ctx: ConnectorContext,
  first: Awaited<ReturnType<typeof page>>,
  req: { method: string; url: URL; headers: Record<string, string>; body?: string },
): Promise<unknown[]> {
  const listOf = (answer: unknown) => {
    const list = c.responsePath ? readPath(answer, c.responsePath) : answer;
    if (!Array.isArray(list))
      throw new ConnectorError(502, `The answer has no list at ${c.responsePath || 'its top'} to page through.`);
    return list as unknown[];
  };
  const items = [...listOf(first.response)];
  let answer = first.response;
  let list = items;
  for (let n = 2; n <= (c.maxPages ?? 10) && list.length; n++) {
    const next = new URL(req.url);
    if (c.paging === 'page') next.searchParams.set(c.pageParam || 'page', String(n));
    else {
      const at = readPath(answer, c.cursorPath ?? '');
      if (at === undefined || at === null || at === '') break;
      if (c.paging === 'cursor') next.searchParams.set(c.cursorParam || 'cursor', String(at));
      else {
        // The next page's address, relative to this one; the egress module checks wherever it points.
        const href = new URL(String(at), req.url);
        next.href = href.href;
      }
    }
    const r = await page(ctx, { method: req.method, url: next.toString(), headers: req.headers, body: req.body });
    if (r.status < 200 || r.status > 299)
      throw new ConnectorError(
        502,
        `Page ${n} of the answer could not be read: the other system answered ${r.status}.`,
      );
    answer = r.response;
    list = listOf(answer);
    items.push(...list);
  }
  return items;
}
