import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface DateConfig {
  min?: string;
  max?: string;
}

/** Stored as YYYY-MM-DD; shown in the user's date format. */
export const manifest = defineFieldManifest<DateConfig>({
  kind: 'field',
  type: 'date',
  version: 1,
  title: 'title',
  category: 'date',
  icon: 'calendar',
  configSchema: {
    type: 'object',
    properties: { min: { type: 'string', format: 'date' }, max: { type: 'string', format: 'date' } },
    additionalProperties: false,
  },
  defaultConfig: {},
  valueSchema: () => ({ type: 'string', format: 'date' }),
  validate(value, c) {
    if (typeof value !== 'string') return [];
    if (c.min && value < c.min) return [`The earliest allowed is ${c.min}`];
    if (c.max && value > c.max) return [`The latest allowed is ${c.max}`];
    return [];
  },
  fixtures: {
    valid: [{}, { min: '2026-11-22' }],
    invalid: [{ min: 'soon' }],
    values: { valid: ['2026-11-22'], invalid: ['22/11/2026', 20240101] },
  },
});
