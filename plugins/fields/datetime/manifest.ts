import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface DatetimeConfig {
  min?: string;
  max?: string;
}

/** Stored as an ISO 8601 instant; shown in the user's time zone. */
export const manifest = defineFieldManifest<DatetimeConfig>({
  kind: 'field',
  type: 'datetime',
  version: 1,
  title: 'title',
  category: 'date',
  icon: 'timeline-events',
  configSchema: {
    type: 'object',
    properties: { min: { type: 'string', format: 'date-time' }, max: { type: 'string', format: 'date-time' } },
    additionalProperties: false,
  },
  defaultConfig: {},
  valueSchema: () => ({ type: 'string', format: 'date-time' }),
  validate(value, c) {
    if (typeof value !== 'string') return [];
    if (c.min && value < c.min) return [`The earliest allowed is ${c.min}`];
    if (c.max && value > c.max) return [`The latest allowed is ${c.max}`];
    return [];
  },
  fixtures: {
    valid: [{}, { min: '2026-11-22T10:30:00Z' }],
    invalid: [{ min: 'soon' }],
    values: { valid: ['2026-11-22T10:30:00Z'], invalid: ['2026-11-22 10:30', 20240101] },
  },
});
