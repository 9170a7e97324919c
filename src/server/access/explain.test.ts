import { describe, expect, it } from 'vitest';
import type { AuthUser, Role } from '../identity/user-info.js';
import { hasRole } from '../identity/user-info.js';
import { matchModuleRule, mayActOnModule, MODULE_ACTIONS, type AccessRule } from './modules.js';

/** The check as it was before explanations existed: matchModuleRule must give the same verdict for every case. */
function before(user: AuthUser, rule: AccessRule | undefined): boolean {
  if (user.isSysAdmin || user.isAdministrator) return true;
  if (!rule || rule.everyone) return true;
  if (rule.users?.includes(user.id)) return true;
  return (rule.roles ?? []).some((r) => hasRole(user, r));
}

const ROLES: Role[] = ['sysAdmin', 'administrator', 'fullUser', 'consultant'];
const user = (id: string, roles: Role[]): AuthUser => ({
  id,
  tenantId: 't',
  sessionId: '',
  username: id,
  email: '',
  fullname: id,
  isSysAdmin: roles.includes('sysAdmin'),
  isAdministrator: roles.includes('administrator'),
  isFullUser: roles.includes('fullUser'),
  isConsultant: roles.includes('consultant'),
});
const subsets = <T>(xs: T[]): T[][] => xs.reduce<T[][]>((acc, x) => [...acc, ...acc.map((s) => [...s, x])], [[]]);

describe('app permission rules with reasons', () => {
  it('gives mayActOnModule’s verdict, unchanged, for every role mix, rule and action', () => {
    const users = subsets(ROLES).flatMap((roles) => [user('u1', roles), user('u2', roles)]);
    const rules: (AccessRule | undefined)[] = [undefined, { everyone: true }, { everyone: false }];
    for (const roles of subsets(ROLES)) for (const users of [undefined, [], ['u1']]) rules.push({ roles, users });
    let cases = 0;
    for (const u of users)
      for (const rule of rules)
        for (const action of MODULE_ACTIONS) {
          const permission = rule ? { rules: { [action]: rule } } : {};
          const m = matchModuleRule(u, permission, action);
          expect(m.allowed).toBe(before(u, rule));
          expect(mayActOnModule(u, permission, action)).toBe(m.allowed);
          if (m.by === 'role') expect(hasRole(u, m.role!)).toBe(true);
          cases++;
        }
    expect(cases).toBe(32 * 51 * 3);
  });
});
