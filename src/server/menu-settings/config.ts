import type { MenuEntry } from '../sys/menu-items.js';
import type { AuthUser } from '../identity/user-info.js';
import type { EditorNode, MenuNodeSetting, MenuSettingsBody, RoleKind } from './schemas.js';

/**
 * The tenant's menu configuration applied to the default menu (src/server/sys/menu-items.ts). It can reorder, move
 * entries between groups, rename, change icons, hide per role kind and add links; it never changes an entry's
 * `roles`, so the role filter that runs afterwards still removes what a role may not see: it can only take away.
 */

export const CUSTOM_PREFIX = 'custom-';
export const MAX_CUSTOM = 30;
export const isCustomId = (id: string) => id.startsWith(CUSTOM_PREFIX);

/** The one kind a user counts as for hiding: their highest role, or regular user without any. */
export function roleKindOf(user: AuthUser): RoleKind {
  if (user.isSysAdmin) return 'sysAdmin';
  if (user.isAdministrator) return 'administrator';
  if (user.isConsultant) return 'consultant';
  if (user.isFullUser) return 'fullUser';
  return 'regularUser';
}

/**
 * A link a custom entry may hold: a same-site path ("/x", not "//host" nor "/\\host") or an https URL. Anything
 * else (javascript:, data:, http:, relative text, control characters) is refused.
 */
export function linkProblem(url: string): string | undefined {
  const u = url.trim();
  if (!u) return 'A custom link needs a URL.';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\s\\]/.test(u)) return 'The URL must not contain spaces, backslashes or control characters.';
  if (u.startsWith('/'))
    return u.startsWith('//') ? 'The URL must be a path of this site or an https address.' : undefined;
  let parsed: URL;
  try {
    parsed = new URL(u);
  } catch {
    return 'The URL must be a path of this site or an https address.';
  }
  if (parsed.protocol !== 'https:' || !parsed.hostname)
    return 'Only https addresses or paths of this site may be linked.';
  if (parsed.username || parsed.password) return 'The URL must not carry a user name or password.';
  return undefined;
}

const flat = (entries: MenuEntry[]) => {
  const byId = new Map<string, { entry: MenuEntry; parent?: string }>();
  for (const e of entries) {
    byId.set(e.id, { entry: e });
    for (const c of e.children ?? []) byId.set(c.id, { entry: c, parent: e.id });
  }
  return byId;
};

/** Checks a configuration against the default menu; answers the first problem in words for the user. */
export function configProblem(
  defaults: MenuEntry[],
  body: MenuSettingsBody,
  iconKnown: (icon: string) => boolean,
): string | undefined {
  const known = flat(defaults);
  const seen = new Set<string>();
  let custom = 0;
  const check = (n: MenuNodeSetting, topLevel: boolean): string | undefined => {
    if (seen.has(n.id)) return `The menu entry '${n.id}' appears twice.`;
    seen.add(n.id);
    if (n.icon && !iconKnown(n.icon)) return `'${n.icon}' is not a known icon.`;
    const def = known.get(n.id)?.entry;
    if (isCustomId(n.id)) {
      if (!/^custom-[A-Za-z0-9-]{1,40}$/.test(n.id)) return 'A custom link has an invalid id.';
      if (++custom > MAX_CUSTOM) return `At most ${MAX_CUSTOM} custom links are allowed.`;
      if (!n.label?.trim()) return 'A custom link needs a title.';
      const problem = linkProblem(n.url ?? '');
      if (problem) return problem;
      if (n.children) return 'A custom link cannot hold other entries.';
      return undefined;
    }
    if (!def) return `'${n.id}' is not a menu entry.`;
    if (n.url !== undefined) return 'Only custom links have a URL of their own.';
    if (n.children && !def.is_group) return `'${n.id}' is not a group.`;
    if (def.is_group && !topLevel) return 'A group cannot be placed inside another group.';
    for (const c of n.children ?? []) {
      if (known.get(c.id)?.entry.is_group) return 'A group cannot be placed inside another group.';
      const p = check(c, false);
      if (p) return p;
    }
    return undefined;
  };
  for (const n of body.items) {
    const p = check(n, true);
    if (p) return p;
  }
  return undefined;
}

/** Trims labels (empty: back to the translated default) and URLs, drops empty role lists. */
export function normalize(body: MenuSettingsBody): MenuSettingsBody {
  const leaf = (n: MenuNodeSetting): MenuNodeSetting => {
    const out: MenuNodeSetting = { id: n.id };
    const label = n.label?.trim();
    if (label) out.label = label;
    if (n.icon) out.icon = n.icon;
    if (n.hidden_for?.length) out.hidden_for = [...new Set(n.hidden_for)];
    if (n.url !== undefined) out.url = n.url.trim();
    if (n.children) out.children = n.children.map(leaf);
    return out;
  };
  return { items: body.items.map(leaf) };
}

interface Placed extends MenuEntry {
  hidden_for?: RoleKind[];
  default_icon: string;
  custom?: boolean;
}

/** The default menu rearranged by the configuration; entries it does not mention keep their default place. */
export function arrange(defaults: MenuEntry[], config: MenuSettingsBody | undefined): Placed[] {
  const known = flat(defaults);
  const placed = new Set<string>();
  const entry = (n: MenuNodeSetting): Placed | undefined => {
    placed.add(n.id);
    if (isCustomId(n.id)) {
      const external = !n.url!.startsWith('/');
      return {
        id: n.id,
        menu_name: 'CUSTOM',
        label: n.label ?? '',
        action_url: n.url!,
        icon_class: n.icon || 'link',
        default_icon: 'link',
        is_group: false,
        show_on_seed: false,
        placement: 'header',
        custom: true,
        ...(external ? { new_tab: true } : {}),
        hidden_for: n.hidden_for,
      };
    }
    const def = known.get(n.id)?.entry;
    if (!def) return undefined; // an entry a later release removed
    const { children: _c, ...rest } = def;
    const out: Placed = { ...rest, default_icon: def.icon_class, hidden_for: n.hidden_for };
    if (n.label) out.label = n.label;
    if (n.icon) out.icon_class = n.icon;
    if (def.is_group) out.children = (n.children ?? []).map(entry).filter((e): e is Placed => !!e);
    return out;
  };
  const items = (config?.items ?? []).map(entry).filter((e): e is Placed => !!e);
  const asPlaced = (e: MenuEntry): Placed => ({
    ...e,
    default_icon: e.icon_class,
    children: e.children?.map(asPlaced),
  });
  // Entries the configuration does not mention (all of them without one, or ones a later release added).
  for (const d of defaults) {
    const rest = (d.children ?? []).filter((c) => !placed.has(c.id)).map(asPlaced);
    if (!placed.has(d.id)) items.push({ ...asPlaced(d), ...(d.children ? { children: rest } : {}) });
    else if (rest.length) items.find((i) => i.id === d.id)?.children?.push(...rest);
  }
  return items;
}

/** The arranged menu without what is hidden for this user's role kind; role filtering comes after (menuFor). */
export function menuEntriesFor(arranged: Placed[], kind: RoleKind): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const e of arranged) {
    if (e.hidden_for?.includes(kind)) continue;
    const { hidden_for: _h, default_icon: _d, custom: _c, children, ...rest } = e;
    out.push(children ? { ...rest, children: menuEntriesFor(children as Placed[], kind) } : rest);
  }
  return out;
}

/** The arranged menu as the editor shows it (every entry, roles not applied). */
export function editorView(arranged: Placed[]): EditorNode[] {
  return arranged.map((e) => ({
    id: e.id,
    menu_name: e.custom ? null : e.menu_name,
    label: e.label ?? null,
    icon: e.icon_class,
    default_icon: e.default_icon,
    url: e.action_url,
    is_group: e.is_group,
    custom: !!e.custom,
    placement: e.placement,
    hidden_for: e.hidden_for ?? [],
    ...(e.children ? { children: editorView(e.children as Placed[]) } : {}),
  }));
}
