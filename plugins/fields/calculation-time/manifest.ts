import { defineCalculationManifest } from '../../../runtime/calculation';

/** A time of day computed from the field's formula. */
export const manifest = defineCalculationManifest({
  type: 'calculation-time',
  icon: 'time',
  valueSchema: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$' },
  fixtures: { valid: [{ decimalPlaces: 2 }], values: { valid: ['10:30:00'], invalid: ['half ten'] } },
});
