import type { OrgUnit } from './api';

/** Children by parent id ('' for the top), each list by name. */
export function childrenOf(units: OrgUnit[]): Map<string, OrgUnit[]> {
  const ids = new Set(units.map((u) => u.id));
  const out = new Map<string, OrgUnit[]>();
  for (const u of units) {
    const key = u.parentId && ids.has(u.parentId) ? u.parentId : '';
    out.set(key, [...(out.get(key) ?? []), u]);
  }
  return out;
}

/** The unit and everything below it: the units it may not be moved under. */
export function subtreeIds(units: OrgUnit[], id: string): Set<string> {
  const kids = childrenOf(units);
  const out = new Set<string>();
  const walk = (x: string) => {
    out.add(x);
    for (const c of kids.get(x) ?? []) walk(c.id);
  };
  walk(id);
  return out;
}

/** The units above, from the top down (to expand the path to a unit). */
export function ancestorsOf(units: OrgUnit[], id: string): string[] {
  const byId = new Map(units.map((u) => [u.id, u]));
  const out: string[] = [];
  for (let p = byId.get(id)?.parentId; p && !out.includes(p); p = byId.get(p)?.parentId) out.unshift(p);
  return out;
}
