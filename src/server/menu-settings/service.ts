import { audit } from '../audit/index.js';
import { badRequest } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { MENU, menuFor } from '../sys/menu-items.js';
import type { MenuItem } from '../sys/schemas.js';
import { arrange, configProblem, editorView, menuEntriesFor, normalize, roleKindOf } from './config.js';
import { dropConfig, storeConfig, storedConfig } from './queries.js';
import type { MenuSettings, MenuSettingsBody } from './schemas.js';

let icons: Promise<Set<string>> | undefined;
/** Blueprint's icon names, the set the web app's icon picker offers (loaded once, on first use). */
const iconNames = () =>
  (icons ??= import('@blueprintjs/icons').then((m) => new Set(Object.values(m.IconNames) as string[])));

async function loadConfig(tdb: TenantDb): Promise<MenuSettingsBody | undefined> {
  const text = await storedConfig(tdb);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as MenuSettingsBody;
  } catch {
    return undefined; // never written by us; the default menu is the safe answer
  }
}

/** The menu this user sees: the tenant's arrangement, minus what is hidden for their role kind, then role-filtered. */
export async function sidebarFor(tdb: TenantDb, user: AuthUser, licensed: ReadonlySet<string>): Promise<MenuItem[]> {
  const arranged = arrange(MENU, await loadConfig(tdb));
  return menuFor(user, menuEntriesFor(arranged, roleKindOf(user)), licensed);
}

export async function menuSettings(tdb: TenantDb): Promise<MenuSettings> {
  const config = await loadConfig(tdb);
  return { items: editorView(arrange(MENU, config)), customized: !!config };
}

export async function saveMenuSettings(tdb: TenantDb, user: AuthUser, body: MenuSettingsBody): Promise<MenuSettings> {
  const known = await iconNames();
  const problem = configProblem(MENU, body, (i) => known.has(i));
  if (problem) throw badRequest(problem);
  const config = normalize(body);
  await tdb.transaction(async (tx) => {
    await storeConfig(tx, JSON.stringify(config), user.id);
    await audit(tx, {
      action: 'menu.update',
      actorId: user.id,
      targetType: 'menu',
      targetLabel: 'Menu settings',
      details: { items: config.items.length },
    });
  });
  return { items: editorView(arrange(MENU, config)), customized: true };
}

export async function resetMenuSettings(tdb: TenantDb, user: AuthUser): Promise<MenuSettings> {
  await tdb.transaction(async (tx) => {
    await dropConfig(tx);
    await audit(tx, { action: 'menu.reset', actorId: user.id, targetType: 'menu', targetLabel: 'Menu settings' });
  });
  return { items: editorView(arrange(MENU, undefined)), customized: false };
}
