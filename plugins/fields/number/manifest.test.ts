import { describe, expect, it } from 'vitest';
import { manifest } from './manifest';

describe('number field', () => {
  const c = { decimalPlaces: 2, format: 'plain' as const, digitsOnly: false };
  it('limits decimal places and applies the integer rule word for word', () => {
    expect(manifest.validate!(1.25, c)).toEqual([]);
    expect(manifest.validate!(1.255, c)).toEqual(['At most 2 decimal places']);
    expect(manifest.validate!(4.5, { ...c, digitsOnly: true })).toEqual(['The field should have digits only']);
  });

  it('migrates version 1 configs (decimals) to decimalPlaces', () => {
    expect(manifest.migrate!({ decimals: 1 }, 1)).toEqual({ decimalPlaces: 1, format: 'plain', digitsOnly: false });
  });
});
