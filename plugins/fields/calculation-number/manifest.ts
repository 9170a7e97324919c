import { defineCalculationManifest } from '../../../runtime/calculation';

/** A number computed from the field's formula. */
export const manifest = defineCalculationManifest({
  type: 'calculation-number',
  icon: 'calculator',
  valueSchema: { type: 'number' },
  fixtures: { valid: [{ decimalPlaces: 2 }], values: { valid: [42.5], invalid: ['42'] } },
});
