import sanitizeHtml from 'sanitize-html';
import { defineFieldServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

/** The stable link to a stored file; the viewer's token is added only when the page draws it. */
const STORED_FILE = /^\/api\/form\/AWSS3\/GetFile\?(?:[^#]*&)?key=([A-Za-z0-9_-]{32})(?:[&#]|$)/;

/**
 * An image comes from the file store (kept as the bare `GetFile?key=` link, so no token is ever stored and the
 * server can link the key to the record) or from an https address; anything else loses its source.
 */
function imageSrc(src: string | undefined): string | undefined {
  const s = (src ?? '').trim();
  const stored = STORED_FILE.exec(s);
  if (stored) return `/api/form/AWSS3/GetFile?key=${stored[1]}`;
  try {
    return new URL(s).protocol === 'https:' && !s.startsWith('//') ? s : undefined;
  } catch {
    return undefined;
  }
}

const pixels = (v: string | undefined) => (v && /^\d{1,4}$/.test(v.trim()) ? v.trim() : undefined);

/** Formatting, tables and images survive; scripts, event handlers, javascript: links, SVG and styles do not. */
export const RICH_TEXT_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'span',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    img: (tagName, attribs) => {
      const { src, alt, width, height } = attribs;
      const out: Record<string, string> = {};
      const safe = imageSrc(src);
      if (safe) out.src = safe;
      if (alt) out.alt = alt;
      if (pixels(width)) out.width = pixels(width)!;
      if (pixels(height)) out.height = pixels(height)!;
      return { tagName, attribs: out };
    },
  },
  // An image whose source was refused is dropped whole rather than kept as a broken box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export const server = defineFieldServer({
  manifest,
  sanitize: (value) => (typeof value === 'string' ? sanitizeHtml(value, RICH_TEXT_POLICY) : value),
});
