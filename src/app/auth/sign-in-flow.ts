import type { SignInData } from '../state/auth';

export type NextStep =
  | { kind: 'setup-mfa' }
  | { kind: 'mfa' }
  | { kind: 'password-expired'; userId: string }
  | { kind: 'session' }
  | { kind: 'failed' };

/**
 * The sign-in state machine of spec section 4: two-factor required but not enabled → set-up; required and
 * enabled → code screen; an expired password with expiry on → password-expired; otherwise a session.
 */
export function nextStep(d: SignInData): NextStep {
  if (d.requiresTwoFactor && !d.twoFactorEnabled) return { kind: 'setup-mfa' };
  if (d.requiresTwoFactor && d.twoFactorEnabled) return { kind: 'mfa' };
  if (d.passwordExpired && d.enablePasswordExpiry) return { kind: 'password-expired', userId: d.userId };
  if (d.succeeded && d.token) return { kind: 'session' };
  return { kind: 'failed' };
}

/** MFA code input: digits only; the spec blocks '.', ',', '-' and 'e' explicitly (number inputs accept them). */
export const BLOCKED_CODE_KEYS = ['.', ',', '-', 'e', 'E', '+'];
export const isBlockedCodeKey = (key: string) => BLOCKED_CODE_KEYS.includes(key);

/** Client rules of spec section 5 for the username-only forms (forgot password). */
export function usernameProblem(username: string): string | undefined {
  if (!username.trim()) return 'AUTH.VALIDATION.REQUIRED_USERNAME';
  if (username.length < 3) return 'AUTH.VALIDATION.MIN_LENGTH';
  if (username.length > 50) return 'AUTH.VALIDATION.MAX_LENGTH';
  return undefined;
}
