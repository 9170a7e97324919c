import { defineCalculationManifest } from '../../../runtime/calculation';

/** A money amount computed from the field's formula, shown with two decimals. */
export const manifest = defineCalculationManifest({
  type: 'calculation-currency',
  icon: 'dollar',
  valueSchema: { type: 'number' },
  fixtures: { valid: [{ decimalPlaces: 2 }], values: { valid: [1999.99], invalid: ['£20'] } },
});
