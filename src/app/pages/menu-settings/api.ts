import { api, call } from '../../api/client';
import type { EditorNode, MenuSettings, MenuSettingsBody, RoleKind } from '../../../server/menu-settings/schemas';
import type { MaintenanceBody, MaintenanceState } from '../../../server/maintenance/schemas';

export type { EditorNode, MenuSettings, MenuSettingsBody, RoleKind, MaintenanceState };
export const ROLE_KINDS: RoleKind[] = ['sysAdmin', 'administrator', 'consultant', 'fullUser', 'regularUser'];

export const MENU_SETTINGS_KEY = ['menu-settings'] as const;
export const MAINTENANCE_KEY = ['maintenance'] as const;
export const MAINTENANCE_STATUS_KEY = ['maintenance', 'status'] as const;

const S = '/sys/menu-settings';
export const loadMenuSettings = () => call<MenuSettings>(api.get(S));
export const saveMenuSettings = (body: MenuSettingsBody) => call<MenuSettings>(api.put(S, body));
export const resetMenuSettings = () => call<MenuSettings>(api.delete(S));

export const loadMaintenance = () => call<MaintenanceState>(api.get('/sys/maintenance'));
export const switchMaintenance = (body: MaintenanceBody) => call<MaintenanceState>(api.put('/sys/maintenance', body));
/** Public: whether the host's organisation (or the installation) is in maintenance, with the message. */
export const maintenanceStatus = () => call<{ on: boolean; message: string }>(api.get('/sys/maintenance/status'));
