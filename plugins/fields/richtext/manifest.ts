import { defineFieldManifest } from '../../../runtime/plugin-contract';
import type { UploadRules } from '../../../runtime/file-value';

export interface RichtextConfig {
  maxLength: number;
}

/** Pictures placed in the text: the upload route checks them against these rules. */
export const RICH_TEXT_IMAGES: UploadRules = {
  accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  maxBytes: 5 * 1024 * 1024,
};

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
  // A picture alone is content; tags alone are not.
  isEmpty: (v) => typeof v !== 'string' || v.replace(/<(?!img\b)[^>]*>/gi, '').trim() === '',
  uploadRules: () => RICH_TEXT_IMAGES,
  fixtures: {
    valid: [{ maxLength: 5000 }],
    invalid: [{ maxLength: 0 }],
    values: {
      valid: [
        '<p>Hello</p>',
        '<h2>Plan</h2><p><img src="/api/form/AWSS3/GetFile?key=Ab3_d-fghijklmnopqrstuvwxyz01234"></p>',
      ],
      invalid: [12, { html: '<p>x</p>' }],
    },
  },
});
