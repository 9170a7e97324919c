import type { AuthUser, Role } from '../identity/user-info.js';

/**
 * The signed-in menu (spec section 2, visibility rules). `menu_name` is an i18n key the web app translates
 * (SHELL.MENU.<key>); `roles` lists who sees an entry (absent: everyone). Menu visibility is narrower than route
 * access in places: RPA, Webhooks and Connect Hub routes admit consultants, but only administrators see them.
 */
export interface MenuItem {
  id: string;
  menu_name: string;
  action_url: string | null;
  icon_class: string;
  is_group: boolean;
  show_on_seed: boolean;
  disabled?: boolean;
  /** Opens in a new browser tab. */
  new_tab?: boolean;
  /** 'header' (main menu) or 'user' (the user menu in the topbar). */
  placement: 'header' | 'user';
  roles?: Role[];
  children?: MenuItem[];
}

export const DESIGNERS: Role[] = ['fullUser', 'consultant', 'administrator', 'sysAdmin'];
export const MANAGERS: Role[] = ['sysAdmin', 'administrator', 'consultant'];
const ADMINS: Role[] = ['sysAdmin', 'administrator'];
const SYS: Role[] = ['sysAdmin'];
/** Dashboards, business intelligence and quick report: full users and consultants (spec section 2). */
const REPORTING: Role[] = ['fullUser', 'consultant'];

const leaf = (id: string, url: string, icon: string, roles?: Role[], extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  menu_name: id,
  action_url: url,
  icon_class: icon,
  is_group: false,
  show_on_seed: true,
  placement: 'header',
  roles,
  ...extra,
});
const group = (id: string, icon: string, roles: Role[] | undefined, children: MenuItem[]): MenuItem => ({
  id,
  menu_name: id,
  action_url: null,
  icon_class: icon,
  is_group: true,
  show_on_seed: true,
  placement: 'header',
  roles,
  children,
});

export const MENU: MenuItem[] = [
  leaf('APPS', '/applications', 'applications'),
  leaf('DASHBOARD', '/dashboard', 'dashboard', REPORTING),
  leaf('BUSINESS_INTELLIGENCE', '/business-intelligence', 'chart', REPORTING),
  leaf('QUICK_REPORT', '/inquiry', 'th-filtered', REPORTING),
  leaf('REFERENCE_DATA', '/referencedata', 'database', DESIGNERS),
  leaf('DATA_CONNECTOR', '/data-connector', 'data-connection', DESIGNERS),
  group('SETTINGS', 'cog', MANAGERS, [
    leaf('MENU_SETTINGS', '/settings/menu', 'menu', MANAGERS),
    leaf('ORGANIZATION', '/settings/organization', 'office', MANAGERS),
    leaf('ROLES_PERMISSIONS', '/settings/roles-permissions', 'key', MANAGERS),
    leaf('USER_MANAGEMENT', '/settings/user-management/FULL_USER', 'people', MANAGERS),
    leaf('TEAM_MANAGEMENT', '/settings/team-management', 'team', MANAGERS),
    leaf('MODULE_CATEGORIES', '/module-categories', 'folder-close', MANAGERS),
  ]),
  group('AUTOMATION', 'automatic-updates', ADMINS, [
    leaf('WEBHOOKS', '/webhooks', 'globe-network', ADMINS),
    leaf('RPA', '/robotic-automation', 'predictive-analysis', ADMINS),
  ]),
  group('CONNECT_HUB', 'link', ADMINS, [
    leaf('COMPANIES_HOUSE', '/connect-hub/companies-house', 'office', ADMINS),
    leaf('ECOMMERCE', '/connect-hub/ecommerce', 'shop', ADMINS),
    leaf('STORE_KEY', '/connect-hub/store-key/add', 'key', ADMINS),
    leaf('TRAVEL_MANAGEMENT', '/connect-hub/travel-management', 'airplane', ADMINS, { disabled: true }),
  ]),
  leaf('PROCESS_ENGINE', '/process-engine', 'flow-branch', SYS),
  leaf('AUDIT_TRAIL', '/app/audit', 'history', SYS, { placement: 'user' }),
  leaf('PROCESS', '/process/dashboard', 'flows', SYS, { placement: 'user', new_tab: true }),
];

const sees = (user: AuthUser, item: MenuItem) =>
  !item.roles ||
  item.roles.some(
    (r) =>
      ({
        sysAdmin: user.isSysAdmin,
        administrator: user.isAdministrator,
        fullUser: user.isFullUser,
        consultant: user.isConsultant,
      })[r],
  );

/** The entries this user sees, groups without visible children dropped. Roles are not sent. */
export function menuFor(user: AuthUser, items: MenuItem[] = MENU): Omit<MenuItem, 'roles'>[] {
  const out: Omit<MenuItem, 'roles'>[] = [];
  for (const { roles: _roles, children, ...rest } of items) {
    if (!sees(user, { ...rest, roles: _roles })) continue;
    if (children) {
      const visible = menuFor(user, children);
      if (!visible.length) continue;
      out.push({ ...rest, children: visible });
    } else out.push(rest);
  }
  return out;
}
