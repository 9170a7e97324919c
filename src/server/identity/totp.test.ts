import { describe, expect, it } from 'vitest';
import { codeAt, generateSecret, matchStep } from './totp.js';

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1 secret "12345678901234567890" in base32.
  const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('matches the RFC test vector at t=%i', (t, code) => {
    expect(codeAt(rfcSecret, Math.floor(t / 30))).toBe(code);
  });

  it('accepts the current code and one step of drift, nothing else', () => {
    const s = generateSecret();
    const now = Date.now();
    const step = Math.floor(now / 30000);
    expect(matchStep(s, codeAt(s, step), now)).toBe(step);
    expect(matchStep(s, codeAt(s, step - 1), now)).toBe(step - 1);
    expect(matchStep(s, codeAt(s, step - 3), now)).toBeNull();
    expect(matchStep(s, '12.456', now)).toBeNull();
  });
});
