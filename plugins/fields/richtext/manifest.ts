import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface RichtextConfig {
  maxLength: number;
}

/** Formatted text from the rich-text editor; sanitized on write (server) and on render (browser). */
export const manifest = defineFieldManifest<RichtextConfig>({
  kind: 'field',
  type: 'richtext',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'paragraph',
  configSchema: {
    type: 'object',
    properties: { maxLength: { type: 'integer', minimum: 1, maximum: 1000000, default: 100000 } },
    required: ['maxLength'],
    additionalProperties: false,
  },
  defaultConfig: { maxLength: 100000 },
  valueSchema: (c) => ({ type: 'string', maxLength: c.maxLength }),
  isEmpty: (v) => typeof v !== 'string' || v.replace(/<[^>]*>/g, '').trim() === '',
  fixtures: {
    valid: [{ maxLength: 5000 }],
    invalid: [{ maxLength: 0 }],
    values: { valid: ['<p>Hello</p>'], invalid: [12] },
  },
});
