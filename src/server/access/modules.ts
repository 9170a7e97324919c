import { forbidden, notFound } from '../http/errors.js';
import type { AuthUser, Role } from '../identity/user-info.js';
import { hasRole } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { isDesigner } from './roles.js';

/**
 * What a user may do with one app: create, view, edit and delete its records, design (save, publish, settings) it,
 * and report on it (reports, drill-down, export, dashboard widgets, analytics).
 */
export type ModuleAction = 'create' | 'view' | 'edit' | 'delete' | 'design' | 'reports';
export const MODULE_ACTIONS: ModuleAction[] = ['create', 'view', 'edit', 'delete', 'design', 'reports'];
const ROLES: Role[] = ['sysAdmin', 'administrator', 'fullUser', 'consultant'];

/**
 * With no rule stored, an action keeps what it meant before it had a rule of its own: delete and reports follow the
 * view rule, design is for the designers role group, create / view / edit are for everyone.
 */
const FOLLOWS: Partial<Record<ModuleAction, ModuleAction>> = { delete: 'view', reports: 'view' };

/** One rule: everyone, or anyone holding one of the roles, listed by id, or a member of a listed team. */
export interface AccessRule {
  everyone?: boolean;
  roles?: Role[];
  users?: string[];
  /** Team ids; membership is read when the rule is checked, never copied into `users`. */
  teams?: string[];
}

/** Stored in modules.permission: `{ rules: { create?, …, reports? } }`. A missing rule: see FOLLOWS. */
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
    if (r.teams !== undefined && (!Array.isArray(r.teams) || r.teams.some((x) => typeof x !== 'string')))
      return `permission.rules.${action}.teams must be a list of team ids.`;
  }
  return undefined;
}

/** Which part of an app's rule decided, for explanations (access/explain.ts); `allowed` is the verdict. */
export interface ModuleRuleMatch {
  allowed: boolean;
  by: 'admin' | 'noRule' | 'everyone' | 'user' | 'team' | 'role' | 'designers' | 'notDesigner' | 'none';
  role?: Role;
  team?: string;
  /** The action whose rule decided, when this one has none of its own (FOLLOWS). */
  via?: ModuleAction;
}

/**
 * The rule check itself: mayActOnModule is its verdict, so an explanation and the enforcement cannot differ.
 * `teams` holds the user's team ids (teamsOf); without it a rule's teams let no one in.
 */
export function matchModuleRule(
  user: AuthUser,
  permission: ModulePermission,
  action: ModuleAction,
  teams?: ReadonlySet<string>,
): ModuleRuleMatch {
  if (user.isSysAdmin || user.isAdministrator) return { allowed: true, by: 'admin' };
  const rule = permission.rules?.[action];
  if (!rule) {
    const follows = FOLLOWS[action];
    if (follows) return { ...matchModuleRule(user, permission, follows, teams), via: follows };
    if (action === 'design')
      return isDesigner(user) ? { allowed: true, by: 'designers' } : { allowed: false, by: 'notDesigner' };
    return { allowed: true, by: 'noRule' };
  }
  if (rule.everyone) return { allowed: true, by: 'everyone' };
  if (rule.users?.includes(user.id)) return { allowed: true, by: 'user' };
  const team = teams && rule.teams?.find((t) => teams.has(t));
  if (team) return { allowed: true, by: 'team', team };
  const role = (rule.roles ?? []).find((r) => hasRole(user, r));
  return role ? { allowed: true, by: 'role', role } : { allowed: false, by: 'none' };
}

/** Pure check. System administrators and administrators may always act; a missing rule: see FOLLOWS. */
export function mayActOnModule(
  user: AuthUser,
  permission: ModulePermission,
  action: ModuleAction,
  teams?: ReadonlySet<string>,
): boolean {
  return matchModuleRule(user, permission, action, teams).allowed;
}

/** Whether deciding `action` needs the user's teams (the deciding rule names one), so others cost no query. */
export function ruleNamesTeams(permission: ModulePermission, action: ModuleAction): boolean {
  const rule = permission.rules?.[action];
  if (!rule) return !!FOLLOWS[action] && ruleNamesTeams(permission, FOLLOWS[action]);
  return !!rule.teams?.length;
}

/** The teams `userId` belongs to now (membership is read at check time, so changes apply at once). */
export async function teamsOf(tdb: TenantDb, userId: string): Promise<Set<string>> {
  const rows = await tdb.selectFrom('team_members').select('team_id').where('user_id', '=', userId).execute();
  return new Set(rows.map((r) => r.team_id));
}

/** mayActOnModule with the user's teams loaded when the rule needs them. */
export async function mayActOnModuleNow(
  tdb: TenantDb,
  user: AuthUser,
  permission: ModulePermission,
  action: ModuleAction,
): Promise<boolean> {
  const teams = ruleNamesTeams(permission, action) ? await teamsOf(tdb, user.id) : undefined;
  return mayActOnModule(user, permission, action, teams);
}

const DENIED: Record<ModuleAction, string> = {
  create: 'You do not have permission to create records of this app.',
  view: 'You do not have permission to view records of this app.',
  edit: 'You do not have permission to edit records of this app.',
  delete: 'You do not have permission to delete records of this app.',
  design: 'You do not have permission to design this app.',
  reports: 'You do not have permission to report on this app.',
};

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
  await assertModulePermission(tdb, user, parsePermission(m.permission), action);
}

/**
 * The check of assertModuleAccess on a permission already read (a list reuses the app's row while the database has
 * not changed): throws 403 when the user may not `action` the app's records. Teams are read now when the rule names any.
 */
export async function assertModulePermission(
  tdb: TenantDb,
  user: AuthUser,
  permission: ModulePermission,
  action: ModuleAction,
): Promise<void> {
  const teams = ruleNamesTeams(permission, action) ? await teamsOf(tdb, user.id) : undefined;
  const match = matchModuleRule(user, permission, action, teams);
  // Refused by the rule it follows (no rule of its own): that rule's wording, as before the action had a rule.
  if (!match.allowed) throw forbidden(DENIED[match.via ?? action]);
}
