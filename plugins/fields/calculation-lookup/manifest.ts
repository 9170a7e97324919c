import { defineFieldManifest } from '../../../runtime/plugin-contract';
import {
  lookupDefaults,
  lookupSettingsSchema,
  recordRefSchema,
  recordSourceOf,
  type LookupSettings,
} from '../../../runtime/lookup-source';

export type CalculationLookupConfig = LookupSettings;

/**
 * A record of another app computed from the field's formula: the record whose shown field reads what the formula
 * gives (`CONCAT(country, "-", year)` finds the rate of that country and year), or a reference another lookup
 * holds (`IF(express, courier, carrier)`). The server keeps it only when it is a record the saver may see that
 * passes the field's filters, stored like a lookup: `{ id, label }`.
 */
export const manifest = defineFieldManifest<CalculationLookupConfig>({
  kind: 'field',
  type: 'calculation-lookup',
  version: 1,
  title: 'title',
  category: 'calculation',
  icon: 'search-template',
  configSchema: {
    type: 'object',
    // A computed reference copies nothing into other fields: their formulas would read it a save too late.
    properties: { ...lookupSettingsSchema, flowToLookUp: { type: 'array', maxItems: 0 } },
    required: ['moduleId', 'displayField'],
    additionalProperties: false,
  },
  defaultConfig: lookupDefaults,
  valueSchema: () => recordRefSchema,
  uiHints: { computed: true },
  recordSource: recordSourceOf,
  fixtures: {
    valid: [{ ...lookupDefaults, moduleId: 'm1', displayField: 'code' }],
    invalid: [{ ...lookupDefaults, moduleId: 'm1', displayField: 'code', flowToLookUp: [{ from: 'a', to: 'b' }] }],
    values: { valid: [{ id: 'r1', label: 'FR-2026' }], invalid: ['FR-2026', { id: 'r1' }] },
  },
});
