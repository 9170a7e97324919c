import { describe, expect, it } from 'vitest';
import { manifest } from './manifest';

describe('text field', () => {
  const named = { maxLength: 40, placeholder: '', nameRules: true };
  it('applies the shared name rules only when asked, skipping date-like values', () => {
    expect(manifest.validate!('Ada@Home', named)).toEqual(['Cannot contain special characters']);
    expect(manifest.validate!('Ada@Home', { ...named, nameRules: false })).toEqual([]);
    expect(manifest.validate!('2026-11-22', named)).toEqual([]);
  });

  it('words its length limit like the spec', () => {
    expect(manifest.validate!('x'.repeat(41), named)).toEqual(['Cannot exceed 40 characters']);
    expect(manifest.validate!('x'.repeat(11), { ...named, maxLength: 10, nameRules: false })).toEqual([
      'Maximum 10 characters',
    ]);
  });
});
