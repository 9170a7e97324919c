import type { AuthUser, Role } from '../identity/user-info.js';
import { hasRole } from '../identity/user-info.js';

/**
 * Who may use a route, by role: the one list every route's `config.roles` names (the guard enforces it), and the
 * same groups as predicates for services that decide per call.
 */
export const ROLE_GROUPS = {
  /** The whole tenant: settings, people, audit. */
  admins: ['sysAdmin', 'administrator'],
  /** Build apps, workflows, reference data, connectors. */
  designers: ['sysAdmin', 'administrator', 'fullUser', 'consultant'],
  /** Manage categories, menus, teams (spec: system administrator, administrator or consultant). */
  managers: ['sysAdmin', 'administrator', 'consultant'],
  sysAdmins: ['sysAdmin'],
} as const satisfies Record<string, readonly Role[]>;

export type RoleGroup = keyof typeof ROLE_GROUPS;

/** Route option: `config: { roles: rolesOf('admins') }`. */
export const rolesOf = (group: RoleGroup): Role[] => [...ROLE_GROUPS[group]];

export const inGroup = (user: AuthUser, group: RoleGroup): boolean => ROLE_GROUPS[group].some((r) => hasRole(user, r));

/** Administrators of the tenant (system administrators included) see and manage every record. */
export const isAdmin = (user: AuthUser): boolean => inGroup(user, 'admins');
export const isDesigner = (user: AuthUser): boolean => inGroup(user, 'designers');
