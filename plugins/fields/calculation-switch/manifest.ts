import { defineCalculationManifest } from '../../../runtime/calculation';

/** A yes/no computed from the field's formula. */
export const manifest = defineCalculationManifest({
  type: 'calculation-switch',
  icon: 'switch',
  valueSchema: { type: 'boolean' },
  fixtures: { valid: [{ decimalPlaces: 2 }], values: { valid: [true], invalid: ['yes'] } },
});
