import { AGGREGATE_FNS, defineFieldManifest, type AggregateFn } from '../../../runtime/plugin-contract';

export interface CalculationMultipleLookupConfig {
  /** The app whose records the formula names. */
  moduleId: string;
  /** Their field summed up (not needed to count). */
  column: string;
  fn: AggregateFn;
  decimalPlaces: number;
}

/**
 * A number summed up over the records of another app the formula names (`items`, a multi-select-reference; or
 * a lookup's reference): how many there are, or the sum, average, least or greatest of one of their fields.
 * Counted over the records the saver may see, by the server on every save.
 */
export const manifest = defineFieldManifest<CalculationMultipleLookupConfig>({
  kind: 'field',
  type: 'calculation-multiple-lookup',
  version: 1,
  title: 'title',
  category: 'calculation',
  icon: 'th-list',
  configSchema: {
    type: 'object',
    properties: {
      moduleId: { type: 'string', maxLength: 64 },
      column: { type: 'string', maxLength: 64 },
      fn: { type: 'string', enum: [...AGGREGATE_FNS] },
      decimalPlaces: { type: 'integer', minimum: 0, maximum: 10 },
    },
    required: ['moduleId', 'column', 'fn', 'decimalPlaces'],
    additionalProperties: false,
  },
  defaultConfig: { moduleId: '', column: '', fn: 'count', decimalPlaces: 2 },
  valueSchema: () => ({ type: 'number' }),
  uiHints: { computed: true },
  aggregateSource: (c) =>
    c.moduleId && (c.column || c.fn === 'count') ? { moduleId: c.moduleId, column: c.column, fn: c.fn } : undefined,
  fixtures: {
    valid: [
      { moduleId: 'm1', column: '', fn: 'count', decimalPlaces: 0 },
      { moduleId: 'm1', column: 'price', fn: 'sum', decimalPlaces: 2 },
    ],
    invalid: [{ moduleId: 'm1', column: 'price', fn: 'median', decimalPlaces: 2 }],
    values: { valid: [3, 12.5], invalid: ['3'] },
  },
});
