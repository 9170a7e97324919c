/** Pure walks over the unit tree (parent links), guarded against a cycle that stored data should never hold. */

export interface UnitLink {
  id: string;
  parent_id: string | null;
}

/** The unit and its ancestors, nearest first. */
export function chainUp<U extends UnitLink>(units: ReadonlyMap<string, U>, startId: string | null): U[] {
  const out: U[] = [];
  const seen = new Set<string>();
  for (let id = startId; id && !seen.has(id);) {
    seen.add(id);
    const u = units.get(id);
    if (!u) break;
    out.push(u);
    id = u.parent_id;
  }
  return out;
}

/** Whether putting `unitId` under `parentId` would make it its own ancestor (parentId is the unit or below it). */
export function wouldCycle(units: ReadonlyMap<string, UnitLink>, unitId: string, parentId: string | null): boolean {
  return !!parentId && chainUp(units, parentId).some((u) => u.id === unitId);
}

/** Role names compare without case and surrounding spaces ('approver ' is 'Approver'). */
export const sameRole = (a: string | null | undefined, b: string) =>
  !!a && a.trim().toLowerCase() === b.trim().toLowerCase();
