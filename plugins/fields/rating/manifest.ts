import { defineFieldManifest } from '../../../runtime/plugin-contract';

export interface RatingConfig {
  maxStars: number;
}

export const manifest = defineFieldManifest<RatingConfig>({
  kind: 'field',
  type: 'rating',
  version: 1,
  title: 'title',
  category: 'choice',
  icon: 'star',
  configSchema: {
    type: 'object',
    properties: { maxStars: { type: 'integer', minimum: 1, maximum: 10, default: 5 } },
    required: ['maxStars'],
    additionalProperties: false,
  },
  defaultConfig: { maxStars: 5 },
  valueSchema: (c) => ({ type: 'integer', minimum: 1, maximum: c.maxStars }),
  fixtures: {
    valid: [{ maxStars: 10 }],
    invalid: [{ maxStars: 11 }],
    values: { config: { maxStars: 5 }, valid: [1, 5], invalid: [0, 6, 2.5] },
  },
});
