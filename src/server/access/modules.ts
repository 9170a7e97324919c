import { forbidden, notFound } from '../http/errors.js';
import type { AuthUser, Role } from '../identity/user-info.js';
import { hasRole } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

/** What a user may do with the records of one app (per-form permission rules, set in the form editor). */
export type ModuleAction = 'create' | 'view' | 'edit';
export const MODULE_ACTIONS: ModuleAction[] = ['create', 'view', 'edit'];
const ROLES: Role[] = ['sysAdmin', 'administrator', 'fullUser', 'consultant'];

/** One rule: everyone, or anyone holding one of the roles or listed by id. */
export interface AccessRule {
  everyone?: boolean;
  roles?: Role[];
  users?: string[];
}

/** Stored in modules.permission: `{ rules: { create?, view?, edit? } }`. A missing rule means everyone. */
export interface ModulePermission {
  rules?: Partial<Record<ModuleAction, AccessRule>>;
}

export function parsePermission(text: string | null | undefined): ModulePermission {
  try {
    const p = JSON.parse(text ?? '{}') as unknown;
    return p && typeof p === 'object' ? (p as ModulePermission) : {};
  } catch {
    return {};
  }
}

/** Checks a permission document's shape; returns a problem to show, or undefined. */
export function permissionProblem(p: unknown): string | undefined {
  if (!p || typeof p !== 'object' || Array.isArray(p)) return 'permission must be an object.';
  const rules = (p as ModulePermission).rules;
  if (rules === undefined) return undefined;
  if (!rules || typeof rules !== 'object') return 'permission.rules must be an object.';
  for (const [action, rule] of Object.entries(rules)) {
    if (!MODULE_ACTIONS.includes(action as ModuleAction)) return `Unknown permission action '${action}'.`;
    if (!rule || typeof rule !== 'object') return `permission.rules.${action} must be an object.`;
    const r = rule as AccessRule;
    if (r.everyone !== undefined && typeof r.everyone !== 'boolean')
      return `permission.rules.${action}.everyone must be true or false.`;
    if (r.roles !== undefined && (!Array.isArray(r.roles) || r.roles.some((x) => !ROLES.includes(x))))
      return `permission.rules.${action}.roles has an unknown role.`;
    if (r.users !== undefined && (!Array.isArray(r.users) || r.users.some((x) => typeof x !== 'string')))
      return `permission.rules.${action}.users must be a list of user ids.`;
  }
  return undefined;
}

/** Which part of an app's rule decided, for explanations (access/explain.ts); `allowed` is the verdict. */
export interface ModuleRuleMatch {
  allowed: boolean;
  by: 'admin' | 'noRule' | 'everyone' | 'user' | 'role' | 'none';
  role?: Role;
}

/** The rule check itself: mayActOnModule is its verdict, so an explanation and the enforcement cannot differ. */
export function matchModuleRule(user: AuthUser, permission: ModulePermission, action: ModuleAction): ModuleRuleMatch {
  if (user.isSysAdmin || user.isAdministrator) return { allowed: true, by: 'admin' };
  const rule = permission.rules?.[action];
  if (!rule) return { allowed: true, by: 'noRule' };
  if (rule.everyone) return { allowed: true, by: 'everyone' };
  if (rule.users?.includes(user.id)) return { allowed: true, by: 'user' };
  const role = (rule.roles ?? []).find((r) => hasRole(user, r));
  return role ? { allowed: true, by: 'role', role } : { allowed: false, by: 'none' };
}

/** Pure check. System administrators and administrators may always act; a missing rule lets everyone act. */
export function mayActOnModule(user: AuthUser, permission: ModulePermission, action: ModuleAction): boolean {
  return matchModuleRule(user, permission, action).allowed;
}

/**
 * For the records routes: throws 404 when the app does not exist and 403 when the user may not `action` its
 * records. Call inside the same transaction as the write.
 */
export async function assertModuleAccess(
  tdb: TenantDb,
  user: AuthUser,
  moduleId: string,
  action: ModuleAction,
): Promise<void> {
  const m = await tdb
    .selectFrom('modules')
    .select('permission')
    .where('id', '=', moduleId)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();
  if (!m) throw notFound('App not found');
  if (!mayActOnModule(user, parsePermission(m.permission), action))
    throw forbidden(`You do not have permission to ${action} records of this app.`);
}
