import { describe, expect, it } from 'vitest';
import { isBlockedCodeKey, nextStep, usernameProblem } from './sign-in-flow';
import { safeReturnUrl } from './return-url';

const base = {
  userId: 'u1',
  requiresTwoFactor: false,
  twoFactorEnabled: false,
  passwordExpired: false,
  enablePasswordExpiry: false,
  succeeded: false,
};

describe('sign-in flow', () => {
  it('follows the spec state machine', () => {
    expect(nextStep({ ...base, requiresTwoFactor: true })).toEqual({ kind: 'setup-mfa' });
    expect(nextStep({ ...base, requiresTwoFactor: true, twoFactorEnabled: true })).toEqual({ kind: 'mfa' });
    expect(nextStep({ ...base, passwordExpired: true, enablePasswordExpiry: true, token: 't' })).toEqual({
      kind: 'password-expired',
      userId: 'u1',
    });
    expect(nextStep({ ...base, succeeded: true, token: 't' })).toEqual({ kind: 'session' });
    expect(nextStep(base)).toEqual({ kind: 'failed' });
  });

  it('blocks the keys the spec names on the code input', () => {
    for (const k of ['.', ',', '-', 'e']) expect(isBlockedCodeKey(k)).toBe(true);
    expect(isBlockedCodeKey('5')).toBe(false);
  });

  it('checks usernames with the spec messages', () => {
    expect(usernameProblem('')).toBe('AUTH.VALIDATION.REQUIRED_USERNAME');
    expect(usernameProblem('ab')).toBe('AUTH.VALIDATION.MIN_LENGTH');
    expect(usernameProblem('x'.repeat(51))).toBe('AUTH.VALIDATION.MAX_LENGTH');
    expect(usernameProblem('alice')).toBeUndefined();
  });

  it('follows only same-site relative return URLs', () => {
    expect(safeReturnUrl('/tasks?x=1')).toBe('/tasks?x=1');
    for (const bad of [
      'https://evil.test',
      '//evil.test',
      '/\\evil.test',
      'javascript:alert(1)',
      '/authentication/login',
      null,
    ])
      expect(safeReturnUrl(bad)).toBe('/');
  });
});
