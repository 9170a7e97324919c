import type { ReactNode } from 'react';
import {
  DndContext,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';

/** The drop zone id of the top level (no parent). */
export const TOP_DROP = 'org-top';

/**
 * Dragging a unit onto another moves it under that one; onto the top-level zone, to the top. Pointer only: the
 * "Sits under" select is the keyboard path. A small travel is needed first so a click still selects a unit.
 */
export function UnitDndContext(p: { children: ReactNode; onMove(id: string, parentId: string | null): void }) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const onDragEnd = (e: DragEndEvent) => {
    const id = String(e.active.id);
    const over = e.over ? String(e.over.id) : undefined;
    if (!over || over === id) return;
    p.onMove(id, over === TOP_DROP ? null : over);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd}>
      {p.children}
    </DndContext>
  );
}

/** A unit's label in the tree: dragged by itself, and a place to drop another unit. */
export function UnitLabel(p: { id: string; name: string }) {
  const drag = useDraggable({ id: p.id });
  const drop = useDroppable({ id: p.id });
  const style = drag.transform
    ? { transform: `translate(${drag.transform.x}px, ${drag.transform.y}px)`, position: 'relative' as const, zIndex: 5 }
    : undefined;
  return (
    <span
      ref={(el) => {
        drag.setNodeRef(el);
        drop.setNodeRef(el);
      }}
      {...drag.listeners}
      data-testid={`unit-${p.name}`}
      data-tenant-text
      className={`org-unit-label${drop.isOver && !drag.isDragging ? ' org-drop-over' : ''}${drag.isDragging ? ' org-dragging' : ''}`}
      style={style}
    >
      {p.name}
    </span>
  );
}

/** Where a unit dropped becomes a top-level unit. */
export function TopDropZone() {
  const { t } = useTranslation();
  const drop = useDroppable({ id: TOP_DROP });
  return (
    <div
      ref={drop.setNodeRef}
      data-testid="org-top-drop"
      className={`org-top-drop${drop.isOver ? ' org-drop-over' : ''}`}
    >
      {t('ORGUNITS.DROP_TOP')}
    </div>
  );
}
