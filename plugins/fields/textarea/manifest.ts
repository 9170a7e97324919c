import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { maxLengthMessage } from '../../../runtime/text-rules';

export interface TextareaConfig {
  rows: number;
  maxLength: number;
}

export const manifest = defineFieldManifest<TextareaConfig>({
  kind: 'field',
  type: 'textarea',
  version: 1,
  title: 'title',
  category: 'basic',
  icon: 'align-left',
  configSchema: {
    type: 'object',
    properties: {
      rows: { type: 'integer', minimum: 2, maximum: 30, default: 4 },
      maxLength: { type: 'integer', minimum: 1, maximum: 100000, default: 4000 },
    },
    required: ['rows', 'maxLength'],
    additionalProperties: false,
  },
  defaultConfig: { rows: 4, maxLength: 4000 },
  valueSchema: (c) => ({ type: 'string', maxLength: c.maxLength }),
  validate: (value, c) =>
    typeof value === 'string' && value.length > c.maxLength ? [maxLengthMessage(c.maxLength)] : [],
  fixtures: {
    valid: [{ rows: 6, maxLength: 500 }],
    invalid: [{ rows: 1, maxLength: 5 }],
    values: { valid: ['a\nb'], invalid: [1] },
  },
});
