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
      if (!it.action_url) continue;
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
