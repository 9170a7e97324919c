import { defineCalculationManifest } from '../../../runtime/calculation';

/** A date computed from the field's formula (YYYY-MM-DD). */
export const manifest = defineCalculationManifest({
  type: 'calculation-date',
  icon: 'calendar',
  valueSchema: { type: 'string', format: 'date' },
  fixtures: { valid: [{ decimalPlaces: 2 }], values: { valid: ['2026-11-22'], invalid: ['next week'] } },
});
