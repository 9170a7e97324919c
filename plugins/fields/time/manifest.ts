import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface TimeConfig {
  min?: string;
  max?: string;
}

/** Stored as HH:mm:ss. */
export const manifest = defineFieldManifest<TimeConfig>({
  kind: 'field',
  type: 'time',
  version: 1,
  title: 'title',
  category: 'date',
  icon: 'time',
  configSchema: {
    type: 'object',
    properties: {
      min: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$' },
      max: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$' },
    },
    additionalProperties: false,
  },
  defaultConfig: {},
  valueSchema: () => ({ type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$' }),
  validate(value, c) {
    if (typeof value !== 'string') return [];
    if (c.min && value < c.min) return [`The earliest allowed is ${c.min}`];
    if (c.max && value > c.max) return [`The latest allowed is ${c.max}`];
    return [];
  },
  fixtures: {
    valid: [{}, { min: '10:30:00' }],
    invalid: [{ min: 'soon' }],
    values: { valid: ['10:30:00'], invalid: ['half past ten', 20240101] },
  },
});
