import { defineFieldManifest } from '../../../runtime/plugin-contract';
import {
  lookupDefaults,
  lookupSettingsSchema,
  recordRefSchema,
  recordSourceOf,
  type LookupSettings,
} from '../../../runtime/lookup-source';

export interface MultiReferenceConfig extends LookupSettings {
  /** The most records one value may name. */
  maxItems: number;
}

export const manifest = defineFieldManifest<MultiReferenceConfig>({
  kind: 'field',
  type: 'multi-select-reference',
  version: 1,
  title: 'title',
  category: 'advanced',
  icon: 'multi-select',
  configSchema: {
    type: 'object',
    properties: { ...lookupSettingsSchema, maxItems: { type: 'integer', minimum: 1, maximum: 100 } },
    required: ['moduleId', 'displayField', 'maxItems'],
    additionalProperties: false,
  },
  defaultConfig: { ...lookupDefaults, maxItems: 20 },
  valueSchema: (c) => ({ type: 'array', maxItems: c.maxItems, items: recordRefSchema }),
  validate: (v, c) => {
    const ids = Array.isArray(v) ? v.map((x) => (x as { id?: unknown })?.id) : [];
    if (new Set(ids).size !== ids.length) return ['Each record can be chosen once'];
    return Array.isArray(v) && v.length > c.maxItems ? [`Choose at most ${c.maxItems} records`] : [];
  },
  // Spec section 5: reference pickers stay enabled where other fields are disabled (the server refuses a change).
  uiHints: { alwaysEnabled: true },
  recordSource: recordSourceOf,
  fixtures: {
    valid: [{ ...lookupDefaults, moduleId: 'm1', displayField: 'name', maxItems: 3 }],
    invalid: [{ ...lookupDefaults, maxItems: 0 }],
    values: {
      config: { ...lookupDefaults, moduleId: 'm1', displayField: 'name', maxItems: 2 },
      valid: [
        [{ id: 'r1', label: 'A' }],
        [
          { id: 'r1', label: 'A' },
          { id: 'r2', label: 'B' },
        ],
      ],
      invalid: [
        { id: 'r1', label: 'A' },
        [
          { id: 'r1', label: 'A' },
          { id: 'r1', label: 'A' },
        ],
        [
          { id: 'r1', label: 'A' },
          { id: 'r2', label: 'B' },
          { id: 'r3', label: 'C' },
        ],
      ],
    },
  },
});
