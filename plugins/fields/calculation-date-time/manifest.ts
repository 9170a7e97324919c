import { defineCalculationManifest } from '../../../runtime/calculation';

/** A date and time computed from the field's formula. */
export const manifest = defineCalculationManifest({
  type: 'calculation-date-time',
  icon: 'timeline-events',
  valueSchema: { type: 'string', format: 'date-time' },
  fixtures: { valid: [{ decimalPlaces: 2 }], values: { valid: ['2026-11-22T10:00:00Z'], invalid: ['10am'] } },
});
