import { rolesOf } from '../access/index.js';
import { hasRole, type AuthUser, type Role } from '../identity/user-info.js';
import type { MenuItem } from './schemas.js';
import type { BotId } from '../bots/catalogue.js';

/**
 * The signed-in menu (spec section 2, visibility rules), as data. `menu_name` is an i18n key the web app translates
 * (SHELL.MENU.<key>); `roles` lists who sees an entry (absent: everyone) and is never sent. Menu visibility is
 * narrower than route access in places: RPA, Webhooks and Connect Hub routes admit consultants, but only
 * administrators see them.
 */
export type MenuEntry = Omit<MenuItem, 'children'> & {
  roles?: readonly Role[];
  /** A connect hub bot the entry needs a licence for: without one it is disabled, with a tooltip saying so. */
  bot?: BotId;
  children?: MenuEntry[];
};

const DESIGNERS = rolesOf('designers');
const MANAGERS = rolesOf('managers');
const ADMINS = rolesOf('admins');
const SYS = rolesOf('sysAdmins');
/** Dashboards, business intelligence and quick report: full users and consultants (spec section 2). */
const REPORTING: Role[] = ['fullUser', 'consultant'];

const leaf = (id: string, url: string, icon: string, roles?: Role[], extra: Partial<MenuEntry> = {}): MenuEntry => ({
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
const group = (id: string, icon: string, roles: Role[] | undefined, children: MenuEntry[]): MenuEntry => ({
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

export const MENU: MenuEntry[] = [
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
    leaf('COMPANIES_HOUSE', '/connect-hub/companies-house', 'office', ADMINS, { bot: 'companyhouse' }),
    leaf('ECOMMERCE', '/connect-hub/ecommerce', 'shop', ADMINS, { bot: 'ecommerce' }),
    leaf('STORE_KEY', '/connect-hub/store-key/add', 'key', ADMINS, { bot: 'ecommerce' }),
    leaf('TRAVEL_MANAGEMENT', '/connect-hub/travel-management', 'airplane', ADMINS, { disabled: true }),
  ]),
  leaf('PROCESS_ENGINE', '/process-engine', 'flow-branch', SYS),
  leaf('AUDIT_TRAIL', '/app/audit', 'history', SYS, { placement: 'user' }),
  leaf('PROCESS', '/process/dashboard', 'flows', SYS, { placement: 'user', new_tab: true }),
];

const sees = (user: AuthUser, entry: MenuEntry) => !entry.roles || entry.roles.some((r) => hasRole(user, r));

/**
 * The entries this user sees, groups without visible children dropped; entries of bots outside `licensed` disabled
 * with the licence tooltip (an i18n key). Roles and bots are not sent.
 */
export function menuFor(
  user: AuthUser,
  entries: MenuEntry[] = MENU,
  licensed: ReadonlySet<string> = new Set(),
): MenuItem[] {
  const out: MenuItem[] = [];
  for (const entry of entries) {
    if (!sees(user, entry)) continue;
    const { roles: _roles, bot, children, ...item } = entry;
    if (!children) {
      const unlicensed = bot && !licensed.has(bot);
      out.push(unlicensed ? { ...item, disabled: true, tooltip_key: `CH.LICENCE_NEEDED.${bot}` } : item);
      continue;
    }
    const visible = menuFor(user, children, licensed);
    if (visible.length) out.push({ ...item, children: visible });
  }
  return out;
}
