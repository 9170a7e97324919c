import { defineFieldManifest, type FieldFixtures, type FieldManifest, type JsonSchema } from './plugin-contract';

export interface CalculationConfig {
  /** Decimal places shown for numeric results. */
  decimalPlaces: number;
}

/**
 * The calculation variants differ only in their type, icon and value schema; their value always comes from the
 * field's formula (evaluated by the same evaluator in browser and server), never from the user.
 */
export function defineCalculationManifest(o: {
  type: string;
  icon: string;
  valueSchema: JsonSchema;
  fixtures: FieldFixtures<CalculationConfig>;
}): FieldManifest<CalculationConfig> {
  return defineFieldManifest<CalculationConfig>({
    kind: 'field',
    type: o.type,
    version: 1,
    title: 'title',
    category: 'calculation',
    icon: o.icon,
    configSchema: {
      type: 'object',
      properties: { decimalPlaces: { type: 'integer', minimum: 0, maximum: 10, default: 2 } },
      required: ['decimalPlaces'],
      additionalProperties: false,
    },
    defaultConfig: { decimalPlaces: 2 },
    valueSchema: () => o.valueSchema,
    uiHints: { computed: true },
    fixtures: o.fixtures,
  });
}
