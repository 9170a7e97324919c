import { defineFieldManifest } from '../../../runtime/plugin-contract';
import { maxLengthMessage, minLengthMessage } from '../../../runtime/text-rules';

export interface PasswordConfig {
  minLength: number;
}

/** A secret typed into a form; the record list never shows it. */
export const manifest = defineFieldManifest<PasswordConfig>({
  kind: 'field',
  type: 'password',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'key',
  configSchema: {
    type: 'object',
    properties: { minLength: { type: 'integer', minimum: 1, maximum: 128, default: 8 } },
    required: ['minLength'],
    additionalProperties: false,
  },
  defaultConfig: { minLength: 8 },
  valueSchema: (c) => ({ type: 'string', minLength: c.minLength, maxLength: 256 }),
  validate(value, c) {
    if (typeof value !== 'string') return [];
    if (value.length < c.minLength) return [minLengthMessage(c.minLength)];
    return value.length > 256 ? [maxLengthMessage(256)] : [];
  },
  fixtures: {
    valid: [{ minLength: 12 }],
    invalid: [{ minLength: 0 }],
    values: { config: { minLength: 8 }, valid: ['long-enough'], invalid: ['short'] },
  },
});
