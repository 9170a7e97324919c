import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface SliderConfig {
  minValue: number;
  maxValue: number;
  intervalSize: number;
}

export const manifest = defineFieldManifest<SliderConfig>({
  kind: 'field',
  type: 'slider',
  version: 1,
  title: 'title',
  category: 'choice',
  icon: 'settings',
  configSchema: {
    type: 'object',
    properties: {
      minValue: { type: 'number', default: 0 },
      maxValue: { type: 'number', default: 100 },
      intervalSize: { type: 'number', exclusiveMinimum: 0, default: 1 },
    },
    required: ['minValue', 'maxValue', 'intervalSize'],
    additionalProperties: false,
  },
  defaultConfig: { minValue: 0, maxValue: 100, intervalSize: 1 },
  valueSchema: (c) => ({ type: 'number', minimum: c.minValue, maximum: c.maxValue }),
  validate(value, c) {
    if (typeof value !== 'number') return [];
    const steps = (value - c.minValue) / c.intervalSize;
    return Math.abs(steps - Math.round(steps)) > 1e-9 ? [`Choose a multiple of ${c.intervalSize}`] : [];
  },
  fixtures: {
    valid: [{ minValue: 0, maxValue: 10, intervalSize: 2 }],
    invalid: [{ minValue: 0, maxValue: 10, intervalSize: 0 }],
    values: { config: { minValue: 0, maxValue: 10, intervalSize: 2 }, valid: [0, 4, 10], invalid: [3, 12] },
  },
});
