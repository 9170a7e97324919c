import { closestCenter, pointerWithin, type CollisionDetection } from '@dnd-kit/core';
import type { FieldTarget } from './model';

/** What is being dragged. */
export type DragData =
  | { kind: 'palette-field'; type: string }
  | { kind: 'palette-section' }
  | { kind: 'palette-row' }
  | { kind: 'field'; name: string }
  | { kind: 'section'; id: string };
/** Where it may land. */
export type DropData =
  | { kind: 'before'; name: string }
  | { kind: 'rowEnd'; group: number; row: number }
  | { kind: 'section'; group: number }
  | { kind: 'end' };

/** Drop kinds each drag accepts, most specific first. */
const ACCEPTS: Record<DragData['kind'], DropData['kind'][]> = {
  'palette-field': ['rowEnd', 'section'],
  field: ['rowEnd', 'section'],
  'palette-row': ['section'],
  'palette-section': ['section', 'end'],
  section: ['section', 'end'],
};

/** Pointer: the most specific zone under the pointer. Keyboard: the nearest accepted zone. */
export const designerCollision: CollisionDetection = (args) => {
  const kind = (args.active.data.current as DragData | undefined)?.kind;
  if (!kind) return [];
  const accept = ACCEPTS[kind];
  const kindOf = (c: { data: { current?: unknown } }) => (c.data.current as DropData | undefined)?.kind;
  const droppableContainers = args.droppableContainers.filter((c) => accept.includes(kindOf(c)!));
  const scoped = { ...args, droppableContainers };
  if (!args.pointerCoordinates) return closestCenter(scoped);
  const rank = (id: unknown) => accept.indexOf(kindOf(droppableContainers.find((c) => c.id === id)!)!);
  return pointerWithin(scoped).sort((a, b) => rank(a.id) - rank(b.id));
};

/**
 * Refines a drop on a row to a place in it: before the first card that the point is left of (or above), else the
 * row's end. Cards carry data-field; rows wrap when their widths pass 12 columns, hence the vertical test.
 */
export function placeInRow(
  drop: DropData,
  rowEl: Element | null,
  point: { x: number; y: number } | undefined,
  dragged?: string,
): DropData {
  if (drop.kind !== 'rowEnd' || !rowEl || !point) return drop;
  for (const card of rowEl.querySelectorAll<HTMLElement>('[data-field]')) {
    const r = card.getBoundingClientRect();
    if (point.y < r.top || (point.y <= r.bottom && point.x < r.left + r.width / 2)) {
      const name = card.dataset.field!;
      return name === dragged ? drop : { kind: 'before', name };
    }
  }
  return drop;
}

export function fieldTarget(drop: DropData): FieldTarget | undefined {
  switch (drop.kind) {
    case 'before':
      return { kind: 'before', name: drop.name };
    case 'rowEnd':
      return { kind: 'rowEnd', group: drop.group, row: drop.row };
    case 'section':
      return { kind: 'newRow', group: drop.group };
    default:
      return undefined;
  }
}
