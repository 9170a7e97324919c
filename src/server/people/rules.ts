import type { Role } from '../identity/user-info.js';
import type { RoleFlags } from './schemas.js';

/** Higher number, more power. Nobody may grant a role ranked above their own highest role. */
export const ROLE_RANK: Record<Role, number> = { fullUser: 1, consultant: 2, administrator: 3, sysAdmin: 4 };
const FLAG: Record<Role, keyof RoleFlags> = {
  sysAdmin: 'isSysAdmin',
  administrator: 'isAdministrator',
  fullUser: 'isFullUser',
  consultant: 'isConsultant',
};

export function rank(f: RoleFlags): number {
  return Math.max(0, ...(Object.keys(FLAG) as Role[]).filter((r) => f[FLAG[r]]).map((r) => ROLE_RANK[r]));
}

/** The roles `next` adds over `prev` that rank above the caller. */
export function escalations(caller: RoleFlags, prev: RoleFlags, next: RoleFlags): Role[] {
  const own = rank(caller);
  return (Object.keys(FLAG) as Role[]).filter((r) => next[FLAG[r]] && !prev[FLAG[r]] && ROLE_RANK[r] > own);
}

const USERNAME_RE = /^[A-Za-z0-9._@-]+$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function usernameProblem(v: unknown): string | undefined {
  if (typeof v !== 'string' || !v.trim()) return 'Username is required';
  if (v.length > 64) return 'Cannot exceed 64 characters';
  if (v.startsWith(' ')) return 'Cannot start with a space';
  if (!USERNAME_RE.test(v)) return 'Cannot contain special characters';
  return undefined;
}

export function emailProblem(v: unknown): string | undefined {
  if (typeof v !== 'string' || !v.trim()) return 'Email is required';
  if (v.length > 254 || !EMAIL_RE.test(v.trim())) return 'Email is not valid';
  return undefined;
}

export function fullnameProblem(v: unknown): string | undefined {
  if (typeof v !== 'string' || !v.trim()) return 'Full name is required';
  if (v.length > 100) return 'Full name cannot exceed 100 characters';
  return undefined;
}

/** Team names follow the shared text rules (max 40, no leading space or digit, no special characters). */
export function teamNameProblem(v: unknown): string | undefined {
  if (typeof v !== 'string' || !v.trim()) return 'This field is required';
  if (v.length > 40) return 'Cannot exceed 40 characters';
  if (v.startsWith(' ')) return 'Cannot start with a space';
  if (/^[0-9]/.test(v)) return 'Cannot start with a number';
  if (!/^[\p{L}\p{N} _-]+$/u.test(v)) return 'Cannot contain special characters';
  return undefined;
}
