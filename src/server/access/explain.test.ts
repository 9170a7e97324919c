import { describe, expect, it } from 'vitest';
import type { AuthUser, Role } from '../identity/user-info.js';
import { hasRole } from '../identity/user-info.js';
import { matchModuleRule, mayActOnModule, ruleNamesTeams, type AccessRule, type ModuleAction } from './modules.js';
import { isDesigner } from './roles.js';

/** The check as it was before explanations existed: matchModuleRule must give the same verdict for every case. */
function before(user: AuthUser, rule: AccessRule | undefined): boolean {
  if (user.isSysAdmin || user.isAdministrator) return true;
  if (!rule || rule.everyone) return true;
  if (rule.users?.includes(user.id)) return true;
  return (rule.roles ?? []).some((r) => hasRole(user, r));
}

const ROLES: Role[] = ['sysAdmin', 'administrator', 'fullUser', 'consultant'];
const RECORD_ACTIONS: ModuleAction[] = ['create', 'view', 'edit'];
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
        for (const action of RECORD_ACTIONS) {
          const permission = rule ? { rules: { [action]: rule } } : {};
          const m = matchModuleRule(u, permission, action);
          expect(m.allowed).toBe(before(u, rule));
          expect(mayActOnModule(u, permission, action)).toBe(m.allowed);
          if (m.by === 'role') expect(hasRole(u, m.role!)).toBe(true);
          cases++;
        }
    expect(cases).toBe(32 * 51 * 3);
  });

  it('keeps what delete, design and reports meant before they had rules of their own', () => {
    const rules: (AccessRule | undefined)[] = [
      undefined,
      { everyone: true },
      { roles: ['consultant'] },
      { users: ['u1'] },
    ];
    for (const roles of subsets(ROLES))
      for (const view of rules) {
        const u = user('u1', roles);
        const permission = view ? { rules: { view } } : {};
        // Deleting and reporting asked for the view right; designing for the designers role group.
        for (const action of ['delete', 'reports'] as const) {
          const m = matchModuleRule(u, permission, action);
          expect(m.allowed).toBe(before(u, view));
          if (m.by !== 'admin') expect(m.via).toBe('view');
        }
        expect(mayActOnModule(u, permission, 'design')).toBe(isDesigner(u));
      }
  });

  it('lets a team’s members in only with their current teams, for every action', () => {
    const u = user('u9', []);
    for (const action of ['create', 'view', 'edit', 'delete', 'design', 'reports'] as const) {
      const permission = { rules: { [action]: { roles: [], teams: ['t1'] } } };
      expect(ruleNamesTeams(permission, action)).toBe(true);
      expect(matchModuleRule(u, permission, action, new Set(['t1']))).toEqual({
        allowed: true,
        by: 'team',
        team: 't1',
      });
      expect(mayActOnModule(u, permission, action, new Set(['t2']))).toBe(false);
      expect(mayActOnModule(u, permission, action)).toBe(false);
    }
    // No rule of its own: a team on the view rule decides reports and delete too.
    const viaView = { rules: { view: { teams: ['t1'] } } };
    expect(ruleNamesTeams(viaView, 'reports')).toBe(true);
    expect(ruleNamesTeams(viaView, 'design')).toBe(false);
    expect(matchModuleRule(u, viaView, 'delete', new Set(['t1']))).toMatchObject({
      allowed: true,
      by: 'team',
      via: 'view',
    });
  });
});
