import sanitizeHtml from 'sanitize-html';
import { defineFieldServer } from '../../../runtime/plugin-contract';
import { manifest } from './manifest';

/** Formatting survives; scripts, event handlers, javascript: links, SVG and styles do not. */
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
  ],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const server = defineFieldServer({
  manifest,
  sanitize: (value) => (typeof value === 'string' ? sanitizeHtml(value, RICH_TEXT_POLICY) : value),
});
