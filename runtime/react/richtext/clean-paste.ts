import { isElement, parseHtml, serializeHtml, textOf, type HtmlElement, type HtmlNode } from './html-tree';

/**
 * Pasted HTML (Word and other Office programs above all) made plain: Word's conditional comments, `<o:p>`, `mso-*`
 * styles, classes and font spans go; its list paragraphs become real lists, its bold spans real `<strong>`. What
 * is left is what the editor understands. Pure: no DOM, so it is the same in the browser and in tests.
 */

/** Elements kept (everything else is unwrapped: its text stays, the element goes). */
const KEEP = new Set(
  'p br strong b em i u s strike h1 h2 h3 ul ol li a table thead tbody tr th td blockquote img pre code'.split(' '),
);
/** Elements dropped with their content. */
const DROP = new Set('style script meta link title xml head template iframe object embed svg math form'.split(' '));
/** Attributes kept, by element. */
const ATTRS: Record<string, string[]> = {
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};
const SAFE_HREF = /^(https?:|mailto:)/i;
const SAFE_IMG = /^(https:|\/api\/form\/AWSS3\/GetFile\?)/i;
const ORDERED_MARKER = /^\(?([0-9]+|[a-z]|[ivxlc]+)[.)]/i;
const BLANK = /^[\s\u00a0]*$/;

export function cleanPastedHtml(html: string): string {
  // Only the fragment Word marks as copied, when it marks one.
  const fragment = /<!--StartFragment-->([\s\S]*?)<!--EndFragment-->/i.exec(html)?.[1] ?? html;
  const root = parseHtml(fragment);
  // A copy from this editor marks its first element with `data-pm-slice`, which lets it paste back as it was.
  const slice = root.children.filter(isElement).find((e) => e.attrs['data-pm-slice'])?.attrs['data-pm-slice'];
  const children = clean(wordLists(root.children));
  const first = children.find(isElement);
  if (slice && first) first.attrs['data-pm-slice'] = slice;
  return serializeHtml(children)
    .replace(/&nbsp;/g, ' ')
    .trim();
}

const styleOf = (el: HtmlElement) => (el.attrs.style ?? '').toLowerCase();
const isListParagraph = (n: HtmlNode): n is HtmlElement =>
  isElement(n) && n.tag === 'p' && /mso-list:\s*l\d/.test(styleOf(n));

/** Consecutive `mso-list` paragraphs become `<ul>`/`<ol>`, nested by their `levelN`; deeper elements too. */
function wordLists(nodes: HtmlNode[]): HtmlNode[] {
  const out: HtmlNode[] = [];
  let stack: { list: HtmlElement; level: number }[] = [];
  for (const n of nodes) {
    if (!isListParagraph(n)) {
      // Line breaks between two list paragraphs do not end the list.
      if (typeof n === 'string' && BLANK.test(textOf(n))) continue;
      stack = [];
      if (isElement(n)) n.children = wordLists(n.children);
      out.push(n);
      continue;
    }
    const level = Number(/level(\d+)/.exec(styleOf(n))?.[1] ?? '1');
    const marker = takeMarker(n);
    while (stack.length && stack[stack.length - 1]!.level > level) stack.pop();
    let top = stack[stack.length - 1];
    if (!top || top.level < level) {
      const list: HtmlElement = { tag: ORDERED_MARKER.test(marker.trim()) ? 'ol' : 'ul', attrs: {}, children: [] };
      const parentItem = top?.list.children[top.list.children.length - 1];
      if (parentItem && isElement(parentItem)) parentItem.children.push(list);
      else out.push(list);
      top = { list, level };
      stack.push(top);
    }
    top.list.children.push({ tag: 'li', attrs: {}, children: n.children });
  }
  return out;
}

/** Removes Word's typed list marker (the span styled `mso-list:Ignore`) and answers its text. */
function takeMarker(el: HtmlElement): string {
  for (let i = 0; i < el.children.length; i++) {
    const c = el.children[i]!;
    if (!isElement(c)) continue;
    if (/mso-list:\s*ignore/.test(styleOf(c))) {
      el.children.splice(i, 1);
      return textOf(c);
    }
    const inner = takeMarker(c);
    if (inner) return inner;
  }
  return '';
}

function clean(nodes: HtmlNode[]): HtmlNode[] {
  return nodes.flatMap((n) => (isElement(n) ? cleanElement(n) : [n]));
}

function cleanElement(el: HtmlElement): HtmlNode[] {
  const { tag } = el;
  if (DROP.has(tag)) return [];
  const style = styleOf(el);
  const cls = (el.attrs.class ?? '').toLowerCase();
  const children = clean(el.children);
  const as = (t: string): HtmlNode[] => (isBlankBlock(t, children) ? [] : [{ tag: t, attrs: {}, children }]);
  // Word marks the title with a class; Google Docs wraps everything in `<b style="font-weight:normal">`.
  if (tag === 'p' && /msotitle\b/.test(cls)) return as('h1');
  if (/^h[4-6]$/.test(tag)) return as('h3');
  if ((tag === 'b' || tag === 'strong') && /font-weight:\s*(normal|[1-4]00)\b/.test(style)) return children;
  if (tag === 'span' || tag === 'font') return styled(style, children);
  if (tag === 'a' && !SAFE_HREF.test(el.attrs.href?.trim() ?? '')) return children;
  if (tag === 'img' && !SAFE_IMG.test(el.attrs.src?.trim() ?? '')) return [];
  if (!KEEP.has(tag)) return children;
  const attrs: Record<string, string> = {};
  for (const a of ATTRS[tag] ?? []) if (el.attrs[a] !== undefined) attrs[a] = el.attrs[a]!;
  if (isBlankBlock(tag, children)) return [];
  return [{ tag, attrs, children }];
}

/** Word spaces paragraphs with empty ones (`<o:p>&nbsp;</o:p>`); the editor's own spacing replaces them. */
const isBlankBlock = (tag: string, children: HtmlNode[]) =>
  /^(p|h[1-3]|li)$/.test(tag) &&
  BLANK.test(children.map(textOf).join('')) &&
  !children.some((c) => isElement(c) && /^(img|br|table|ul|ol)$/.test(c.tag));

/** A styled span keeps the meaning of its style (bold, italic, underline, strike) and loses the span itself. */
function styled(style: string, children: HtmlNode[]): HtmlNode[] {
  const marks = [
    /font-weight:\s*(bold|[6-9]00)\b/.test(style) && 'strong',
    /font-style:\s*italic/.test(style) && 'em',
    /text-decoration[^;]*underline/.test(style) && 'u',
    /text-decoration[^;]*line-through/.test(style) && 's',
  ].filter((m): m is string => !!m);
  return marks.reduce<HtmlNode[]>((inner, tag) => [{ tag, attrs: {}, children: inner }], children);
}
