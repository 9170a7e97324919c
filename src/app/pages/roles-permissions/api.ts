import { api, call } from '../../api/client';
import type {
  AppPermissionRow,
  Explanation,
  ExplainBody,
  ModulePermission,
  People,
  RecordPick,
  RolesOverview,
  WhatIf,
} from '../../../server/roles-permissions/schemas';

export type {
  AppPermissionRow,
  Explanation,
  ExplainBody,
  ModulePermission,
  People,
  RecordPick,
  RolesOverview,
  WhatIf,
} from '../../../server/roles-permissions/schemas';

const R = '/rolespermissions';

export const rolesOverview = () => call<RolesOverview>(api.get(`${R}/roles`));
export const appPermissions = () => call<AppPermissionRow[]>(api.get(`${R}/apps`));
export const people = () => call<People>(api.get(`${R}/people`));
export const recordsOf = (moduleId: string) =>
  call<RecordPick[]>(api.get(`${R}/apps/${encodeURIComponent(moduleId)}/records`));
export const whatIf = (moduleId: string, permission: ModulePermission) =>
  call<WhatIf>(api.post(`${R}/apps/${encodeURIComponent(moduleId)}/whatif`, { permission }));
export const savePermission = (moduleId: string, permission: ModulePermission) =>
  call<{ id: string }>(api.post(`${R}/apps/${encodeURIComponent(moduleId)}/permission`, { permission }));
export const explain = (body: ExplainBody) => call<Explanation>(api.post(`${R}/explain`, body));

export type Action = 'create' | 'view' | 'edit' | 'delete' | 'design' | 'reports';
export const ACTIONS: Action[] = ['create', 'view', 'edit', 'delete', 'design', 'reports'];
/** Rights whose default (no rule stored) is everyone. */
export const RECORD_ACTIONS: Action[] = ['create', 'view', 'edit'];
/** Roles a rule can name; system administrators and administrators always pass (access/modules.ts). */
export const RULE_ROLES = ['fullUser', 'consultant'] as const;
