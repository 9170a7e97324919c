import { defineFieldManifest } from '../../../runtime/plugin-contract';

export const ELEMENT_TONES = ['none', 'primary', 'success', 'warning', 'danger'] as const;

export interface CalculationElementConfig {
  /** The colour the text is shown in, by meaning. */
  tone: (typeof ELEMENT_TONES)[number];
}

/**
 * Text computed from the field's formula and shown on the form as a block of its own rather than as an input,
 * e.g. `CONCAT("You are asking for ", days, " days of leave")`; kept with the record like any calculated text.
 */
export const manifest = defineFieldManifest<CalculationElementConfig>({
  kind: 'field',
  type: 'calculation-element',
  version: 1,
  title: 'title',
  category: 'calculation',
  icon: 'paragraph',
  configSchema: {
    type: 'object',
    properties: { tone: { type: 'string', enum: [...ELEMENT_TONES] } },
    required: ['tone'],
    additionalProperties: false,
  },
  defaultConfig: { tone: 'primary' },
  valueSchema: () => ({ type: 'string', maxLength: 10000 }),
  uiHints: { computed: true },
  fixtures: {
    valid: [{ tone: 'none' }, { tone: 'warning' }],
    invalid: [{ tone: 'red' }],
    values: { valid: ['Five days of leave'], invalid: [5] },
  },
});
