import { defineCalculationManifest } from '../../../runtime/calculation';

/** An e-mail address computed from the field's formula. */
export const manifest = defineCalculationManifest({
  type: 'calculation-email',
  icon: 'envelope',
  valueSchema: { type: 'string', format: 'email' },
  fixtures: { valid: [{ decimalPlaces: 2 }], values: { valid: ['ada@example.com'], invalid: ['ada'] } },
});
