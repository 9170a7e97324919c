import type { MenuItem, TreeNode } from './api';

/** Keeps modules whose name contains the term, and groups whose name matches or that keep a module. */
export function filterTree(nodes: TreeNode[], term: string): TreeNode[] {
  const q = term.trim().toLowerCase();
  if (!q) return nodes;
  const out: TreeNode[] = [];
  for (const n of nodes) {
    if (n.type === 'group') {
      if (n.text.toLowerCase().includes(q)) out.push(n);
      else {
        const children = filterTree(n.children ?? [], q);
        if (children.length) out.push({ ...n, children });
      }
    } else if (n.text.toLowerCase().includes(q)) out.push(n);
  }
  return out;
}

/** A menu entry's label: the organisation's own (menu settings) as is, else the translated default. */
export const menuLabel = (t: (key: string) => string, i: Pick<MenuItem, 'label' | 'menu_name'>) =>
  i.label || t(`SHELL.MENU.${i.menu_name}`);

/** A menu entry as a crumb: its own label as text, else its i18n key. */
const entryCrumb = (i: MenuItem): Crumb =>
  i.label
    ? { text: i.label, href: i.action_url ?? undefined }
    : { key: `SHELL.MENU.${i.menu_name}`, href: i.action_url ?? undefined };

/** A same-site link opens in the app; an https link of a custom entry opens in a new tab. */
export const isExternal = (url: string | null | undefined) => !!url && !url.startsWith('/');

export interface Crumb {
  /** i18n key or literal text. */
  key?: string;
  text?: string;
  href?: string;
}

const strip = (url: string) => url.split('?')[0]!.replace(/\/$/, '');

/**
 * The menu trail of the active page: the entry whose link is the longest prefix of the path, with its groups.
 * /settings/user-management/REGULAR_USER matches the entry linked to /settings/user-management/FULL_USER through
 * their common route.
 */
export function activeTrail(items: MenuItem[], pathname: string): MenuItem[] {
  const path = strip(pathname);
  let best: { trail: MenuItem[]; score: number } | undefined;
  const visit = (list: MenuItem[], parents: MenuItem[]) => {
    for (const it of list) {
      if (it.children) visit(it.children, [...parents, it]);
      if (!it.action_url || isExternal(it.action_url)) continue;
      const url = strip(it.action_url);
      const base = url.replace(/\/(FULL_USER|add)$/, '');
      const hit =
        path === url || path.startsWith(`${url}/`)
          ? url.length
          : path === base || path.startsWith(`${base}/`)
            ? base.length
            : 0;
      if (hit && (!best || hit > best.score)) best = { trail: [...parents, it], score: hit };
    }
  };
  visit(items, []);
  return best?.trail ?? [];
}

/** Pages that belong to one app: the app's id in the path and the page's own label. */
const APP_PAGES: [RegExp, string, 'designer' | 'record'][] = [
  [/^\/form-editor\/show\/([^/]+)\/workflow/, 'SHELL.PAGE.WORKFLOW', 'designer'],
  [/^\/form-editor\/show\/([^/]+)/, 'SHELL.PAGE.FORM_DESIGNER', 'designer'],
  [/^\/item-editor\/([^/]+)\/[^/]+\/[^/]+/, 'SHELL.PAGE.TASK', 'record'],
  [/^\/item-editor\/([^/]+)\/[^/]+/, 'SHELL.PAGE.DRAFT', 'record'],
  [/^\/item-editor\/([^/]+)/, 'SHELL.PAGE.NEW_RECORD', 'record'],
  [/^\/task-editor\/([^/]+)\/[^/]+\/[^/]+/, 'SHELL.PAGE.TASK', 'record'],
  [/^\/task-editor\/([^/]+)\/[^/]+/, 'SHELL.PAGE.RECORD', 'record'],
  [/^\/task-editor\/([^/]+)/, 'SHELL.PAGE.NEW_RECORD', 'record'],
  [/^\/schedule-editor\/([^/]+)/, 'SHELL.PAGE.SCHEDULE', 'record'],
];

/** The app a page belongs to, from the module tree: its group (if any) and its own node. */
function findApp(tree: TreeNode[], id: string): { group?: TreeNode; app: TreeNode } | undefined {
  for (const n of tree) {
    if (n.id === id && n.type !== 'group') return { app: n };
    const child = n.children?.find((c) => c.id === id);
    if (child) return { group: n, app: child };
  }
  return undefined;
}

/**
 * The trail of a page that belongs to an app: designers under the Apps menu entry, record pages under the app's
 * group; then the app's name (from the tree, else the name the page reported) and the page's own label.
 */
export function appPageTrail(
  pathname: string,
  menu: MenuItem[],
  tree: TreeNode[],
  reportedName?: string,
): Crumb[] | undefined {
  const page = APP_PAGES.find(([re]) => re.test(pathname));
  if (!page) return undefined;
  const id = decodeURIComponent(page[0].exec(pathname)![1]!);
  const found = findApp(tree, id);
  const name = found?.app.text ?? reportedName;
  const crumbs: Crumb[] = [];
  if (page[2] === 'designer') {
    for (const i of activeTrail(menu, '/applications')) crumbs.push(entryCrumb(i));
    if (name) crumbs.push({ text: name, href: `/form-editor/show/${encodeURIComponent(id)}` });
  } else {
    if (found?.group) crumbs.push({ text: found.group.text });
    if (name) crumbs.push({ text: name, href: found ? `/module/${encodeURIComponent(id)}` : undefined });
  }
  crumbs.push({ key: page[1] });
  return crumbs;
}

/** Titles of pages that are neither menu entries nor app pages. */
const FIXED: [RegExp, string][] = [
  [/^\/app\/user\/profile\/security-question/, 'SHELL.USER.SECURITY_QUESTION'],
  [/^\/app\/user\/profile/, 'SHELL.USER.PROFILE'],
  [/^\/settings\/user-detail/, 'PEOPLE.USER.DETAIL_TITLE'],
  [/^\/settings\/team-management\/detail/, 'PEOPLE.TEAM.DETAIL_TITLE'],
  [/^\/notifications/, 'SHELL.NOTIFICATIONS.TITLE'],
  [/^\/permalink\/file/, 'FILES.TITLE'],
  [/^\/help(\/|$)/, 'SHELL.PAGE.HELP'],
  [/^\/(app\/)?organization(\/|$)/, 'SHELL.PAGE.ORG_UNITS'],
];

const REPORTS: Crumb = { key: 'SHELL.PAGE.REPORTS', href: '/reports' };

/**
 * Pages reached from a menu entry's page but not in the menu themselves: that entry's trail (its default label
 * when the organisation's menu leaves it out), then the page's own crumbs.
 */
const SECTION_PAGES: [RegExp, string, string, Crumb[]][] = [
  [/^\/dashboard-landing(\/|$)/, '/dashboard', 'DASHBOARD', []],
  [/^\/list-dashboard(\/|$)/, '/dashboard', 'DASHBOARD', [{ key: 'SHELL.PAGE.DASHBOARDS' }]],
  [/^\/reports(\/|$)/, '/dashboard', 'DASHBOARD', [{ key: REPORTS.key }]],
  [/^\/report-designer(\/|$)/, '/dashboard', 'DASHBOARD', [REPORTS, { key: 'SHELL.PAGE.REPORT_DESIGNER' }]],
  [/^\/report-viewer(\/|$)/, '/dashboard', 'DASHBOARD', [REPORTS, { key: 'SHELL.PAGE.REPORT' }]],
  [/^\/business-intelligence-landing(\/|$)/, '/business-intelligence', 'BUSINESS_INTELLIGENCE', []],
  [/^\/bi-reports(\/|$)/, '/business-intelligence', 'BUSINESS_INTELLIGENCE', [{ key: REPORTS.key }]],
  [/^\/form-editor(\/show)?\/?$/, '/applications', 'APPS', []],
];

function sectionTrail(pathname: string, menu: MenuItem[]): Crumb[] | undefined {
  const page = SECTION_PAGES.find(([re]) => re.test(pathname));
  if (!page) return undefined;
  const [, url, name, crumbs] = page;
  const entry = activeTrail(menu, url).map(entryCrumb);
  return [...(entry.length ? entry : [{ key: `SHELL.MENU.${name}`, href: url }]), ...crumbs];
}

/** The breadcrumb trail below Home of any page; empty on Home itself (/tasks). */
export function pageTrail(pathname: string, menu: MenuItem[], tree: TreeNode[], reportedName?: string): Crumb[] {
  if (/^\/tasks(\/|$)/.test(pathname)) return [];
  const fixed = FIXED.find(([re]) => re.test(pathname));
  if (fixed) return [{ key: fixed[1] }];
  const placed = appPageTrail(pathname, menu, tree, reportedName) ?? sectionTrail(pathname, menu);
  if (placed) return placed;
  const trail = activeTrail(menu, pathname);
  if (trail.length) return trail.map(entryCrumb);
  const moduleId = /^\/module\/([^/]+)/.exec(pathname)?.[1];
  const found = moduleId ? findApp(tree, decodeURIComponent(moduleId)) : undefined;
  if (!found) return [];
  return [...(found.group ? [{ text: found.group.text }] : []), { text: found.app.text }];
}
