import type { Tenant } from '../tenancy/resolve.js';
import { safeJson } from './user-info.js';

export interface SecurityPolicy {
  requireTwoFactor: boolean;
  enablePasswordExpiry: boolean;
  passwordExpiryDays: number;
}

export const DEFAULT_POLICY: SecurityPolicy = {
  requireTwoFactor: false,
  enablePasswordExpiry: false,
  passwordExpiryDays: 90,
};

export function tenantPolicy(tenant: Tenant): SecurityPolicy {
  const p = safeJson(tenant.settings).securityPolicy as Partial<SecurityPolicy> | undefined;
  return { ...DEFAULT_POLICY, ...(p ?? {}) };
}

export function passwordExpired(policy: SecurityPolicy, changedOn: string | null, now = Date.now()): boolean {
  if (!policy.enablePasswordExpiry) return false;
  if (!changedOn) return true;
  return Date.parse(changedOn) + policy.passwordExpiryDays * 86_400_000 < now;
}

/** Password rules for new passwords: 8 to 50 characters (the sign-in form itself accepts 3 to 50). */
export function passwordProblem(p: unknown): string | undefined {
  if (typeof p !== 'string' || !p) return 'Password is required';
  if (p.length < 8) return 'The new password must have at least 8 characters.';
  if (p.length > 50) return 'Maximum 50 characters';
  return undefined;
}
