import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { RICH_TEXT_IMAGES } from '../richtext/manifest';

export interface RichtextHtmlConfig {
  maxLength: number;
}

/** Rich text that may also be written as raw HTML in a source view; sanitized on write and on render. */
export const manifest = defineFieldManifest<RichtextHtmlConfig>({
  kind: 'field',
  type: 'richtext-html',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'code',
  configSchema: {
    type: 'object',
    properties: { maxLength: { type: 'integer', minimum: 1, maximum: 1000000, default: 100000 } },
    required: ['maxLength'],
    additionalProperties: false,
  },
  defaultConfig: { maxLength: 100000 },
  valueSchema: (c) => ({ type: 'string', maxLength: c.maxLength }),
  // A picture alone is content; tags alone are not.
  isEmpty: (v) => typeof v !== 'string' || v.replace(/<(?!img\b)[^>]*>/gi, '').trim() === '',
  uploadRules: () => RICH_TEXT_IMAGES,
  fixtures: {
    valid: [{ maxLength: 5000 }],
    invalid: [{ maxLength: 0 }],
    values: {
      valid: ['<p>Hello</p>', '<table><tbody><tr><td>a</td></tr></tbody></table>'],
      invalid: [12, ['<p>x</p>']],
    },
  },
});
