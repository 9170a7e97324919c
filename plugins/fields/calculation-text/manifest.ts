import { defineCalculationManifest } from '../../../runtime/calculation';

/** Text computed from the field's formula. */
export const manifest = defineCalculationManifest({
  type: 'calculation-text',
  icon: 'function',
  valueSchema: { type: 'string' },
  fixtures: { valid: [{ decimalPlaces: 2 }], values: { valid: ['Ada Lovelace'], invalid: [42] } },
});
