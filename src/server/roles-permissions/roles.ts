import { isAdmin, matchModuleRule, ROLE_GROUPS, type RoleGroup } from '../access/index.js';
import type { RouteAccess } from '../identity/guard.js';
import type { AuthUser, Role } from '../identity/user-info.js';
import { hasRole } from '../identity/user-info.js';
import { menuFor } from '../sys/menu-items.js';
import type { RolesOverview } from './schemas.js';

export type Kind = 'sysAdmin' | 'administrator' | 'consultant' | 'fullUser' | 'regular';
export const KINDS: Kind[] = ['sysAdmin', 'administrator', 'consultant', 'fullUser', 'regular'];

/** A user holding exactly one kind's role, as the guard and the access module would see them. */
export const sampleUser = (kind: Kind): AuthUser => ({
  id: `sample-${kind}`,
  tenantId: '',
  sessionId: '',
  username: kind,
  email: '',
  fullname: kind,
  isSysAdmin: kind === 'sysAdmin',
  isAdministrator: kind === 'administrator',
  isFullUser: kind === 'fullUser',
  isConsultant: kind === 'consultant',
});

const groupOf = (roles: readonly Role[]): string =>
  Object.entries(ROLE_GROUPS).find(([, g]) => g.length === roles.length && g.every((r) => roles.includes(r)))?.[0] ??
  `roles:${[...roles].sort().join(',')}`;

/**
 * What each kind of user may do, derived from what is enforced: the guard's own list of routes and their roles
 * (app.routeAccess), the role groups, the menu rules, and the access module's record and app-rule checks. Nothing
 * here is a hand-written table, so it cannot drift from the product.
 */
export function rolesOverview(routes: readonly RouteAccess[]): RolesOverview {
  const guarded = routes.flatMap((r) =>
    r.access === 'public' ? [] : [{ method: r.method, url: r.url, access: r.access as 'signed-in' | Role[] }],
  );
  const denyAll = { rules: { view: { roles: [] } } };
  const kinds = KINDS.map((kind) => {
    const user = sampleUser(kind);
    const admitted = guarded.filter((r) => r.access === 'signed-in' || r.access.some((x) => hasRole(user, x)));
    const menu = menuFor(user).flatMap((m) => (m.children?.length ? m.children.map((c) => c.id) : [m.id]));
    return {
      kind,
      groups: (Object.keys(ROLE_GROUPS) as RoleGroup[]).filter((g) => ROLE_GROUPS[g].some((r) => hasRole(user, r))),
      routes: admitted.length,
      menu,
      bypassesAppRules: matchModuleRule(user, denyAll, 'view').allowed,
      seesAllRecords: isAdmin(user),
    };
  });
  const byGroup = new Map<string, { roles: Role[]; routes: string[] }>();
  for (const r of guarded) {
    const name = r.access === 'signed-in' ? 'signed-in' : groupOf(r.access);
    const roles: Role[] = r.access === 'signed-in' ? [] : [...r.access];
    const entry = byGroup.get(name) ?? { roles, routes: [] };
    entry.routes.push(`${r.method} ${r.url}`);
    byGroup.set(name, entry);
  }
  const groups = [...byGroup].map(([group, g]) => ({ group, roles: g.roles, routes: g.routes.sort() }));
  return { kinds, groups };
}
