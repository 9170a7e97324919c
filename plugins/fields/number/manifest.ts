import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface NumberConfig {
  decimalPlaces: number;
  format: 'plain' | 'thousands' | 'percent';
  min?: number;
  max?: number;
  /** The spec's integer rule: 'The field should have digits only'. */
  digitsOnly: boolean;
}

const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;

export const manifest = defineFieldManifest<NumberConfig>({
  kind: 'field',
  type: 'number',
  version: 2,
  title: 'title',
  category: 'basic',
  icon: 'numerical',
  configSchema: {
    type: 'object',
    properties: {
      decimalPlaces: { type: 'integer', minimum: 0, maximum: 10, default: 2 },
      format: { type: 'string', enum: ['plain', 'thousands', 'percent'], default: 'plain' },
      min: { type: 'number' },
      max: { type: 'number' },
      digitsOnly: { type: 'boolean', default: false },
    },
    required: ['decimalPlaces', 'format'],
    additionalProperties: false,
  },
  defaultConfig: { decimalPlaces: 2, format: 'plain', digitsOnly: false },
  valueSchema: (c) => ({
    type: 'number',
    ...(c.min !== undefined ? { minimum: c.min } : {}),
    ...(c.max !== undefined ? { maximum: c.max } : {}),
  }),
  validate(value, c) {
    if (typeof value !== 'number') return [];
    if (c.digitsOnly && !Number.isInteger(value)) return ['The field should have digits only'];
    if (decimals(value) > c.decimalPlaces) return [`At most ${c.decimalPlaces} decimal places`];
    return [];
  },
  // Version 1 stored the number of decimals as 'decimals'.
  migrate(old, from) {
    const o = (old ?? {}) as Record<string, unknown>;
    if (from < 2)
      return {
        decimalPlaces: Number(o.decimals ?? 0),
        format: (o.format as NumberConfig['format']) ?? 'plain',
        digitsOnly: false,
      };
    return o as unknown as NumberConfig;
  },
  fixtures: {
    valid: [{ decimalPlaces: 2, format: 'thousands', min: 0, digitsOnly: false }],
    invalid: [
      { decimalPlaces: -1, format: 'plain' },
      { decimalPlaces: 0, format: 'roman' },
    ],
    old: [
      {
        version: 1,
        config: { decimals: 3, format: 'percent' },
        expected: { decimalPlaces: 3, format: 'percent', digitsOnly: false },
      },
    ],
    values: {
      config: { decimalPlaces: 2, format: 'plain', min: 0, digitsOnly: false },
      valid: [0, 12.5, 3.14],
      invalid: ['12', -1, 1.234],
    },
  },
});
