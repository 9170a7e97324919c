/**
 * A small forgiving HTML reader and writer for cleaning pasted clipboard HTML without a DOM (the cleaner runs in
 * unit tests under Node too). Its output goes into the editor's own schema-driven parser, so a page it reads
 * oddly comes out oddly shaped, never unsafe. Text keeps its entities as written.
 */
export interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
export type HtmlNode = HtmlElement | string;

const VOID = new Set(['br', 'img', 'hr', 'meta', 'link', 'input', 'col', 'area', 'base', 'wbr', 'source']);
/** Their content is never markup; they are dropped whole anyway. */
const RAW = new Set(['script', 'style', 'xml', 'title', 'textarea', 'template']);
/** Blocks that end an open paragraph, as a browser does. */
const CLOSES_P = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'table', 'div', 'blockquote', 'pre']);

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>|<\/([a-zA-Z][\w:-]*)\s*>|<([a-zA-Z][\w:-]*)((?:\s+[^\s/>"'=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
const ATTR = /([^\s/>"'=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

export const isElement = (n: HtmlNode): n is HtmlElement => typeof n !== 'string';

export function parseHtml(html: string): HtmlElement {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const top = () => stack[stack.length - 1]!;
  const closeTo = (tag: string, stopAt: string[] = []) => {
    for (let i = stack.length - 1; i > 0; i--) {
      if (stopAt.includes(stack[i]!.tag)) return;
      if (stack[i]!.tag === tag) return void stack.splice(i);
    }
  };
  let at = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(html); m; m = TOKEN.exec(html)) {
    if (m.index > at) top().children.push(html.slice(at, m.index));
    at = TOKEN.lastIndex;
    const [whole, endTag, startTag, attrText] = m;
    if (endTag) closeTo(endTag.toLowerCase());
    if (!startTag) continue;
    const tag = startTag.toLowerCase();
    if (CLOSES_P.has(tag)) closeTo('p', ['td', 'th', 'li', 'blockquote']);
    if (tag === 'li') closeTo('li', ['ul', 'ol']);
    if (tag === 'td' || tag === 'th') {
      closeTo('td', ['tr']);
      closeTo('th', ['tr']);
    }
    if (tag === 'tr') closeTo('tr', ['table']);
    const el: HtmlElement = { tag, attrs: attributes(attrText ?? ''), children: [] };
    top().children.push(el);
    if (RAW.has(tag)) {
      const end = html.toLowerCase().indexOf(`</${tag}`, at);
      at = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length;
      TOKEN.lastIndex = at;
    } else if (!VOID.has(tag) && !whole.endsWith('/>')) stack.push(el);
  }
  if (at < html.length) top().children.push(html.slice(at));
  return root;
}

function attributes(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(text); m; m = ATTR.exec(text)) out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  return out;
}

export function serializeHtml(nodes: HtmlNode[]): string {
  return nodes
    .map((n) => {
      if (!isElement(n)) return n.replace(/</g, '&lt;').replace(/>/g, '&gt;');
      const attrs = Object.entries(n.attrs)
        .map(([k, v]) => ` ${k}="${v.replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`)
        .join('');
      return VOID.has(n.tag) ? `<${n.tag}${attrs}>` : `<${n.tag}${attrs}>${serializeHtml(n.children)}</${n.tag}>`;
    })
    .join('');
}

/** The text of a node as shown, with the few entities clipboard HTML uses for spaces decoded. */
export function textOf(n: HtmlNode): string {
  const raw = isElement(n) ? n.children.map(textOf).join('') : n;
  return raw.replace(/&nbsp;|&#160;|&#xa0;/gi, '\u00a0');
}
