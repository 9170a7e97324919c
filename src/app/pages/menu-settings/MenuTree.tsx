import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
} from '@dnd-kit/core';
import { Button, Icon, Tag, type IconName } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorNode } from './api';
import type { Drop } from './model';

// Module constants: dnd-kit memoizes sensors on these objects (as the form designer does).
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
/** The row under the pointer; by keyboard the nearest one. */
const collision: CollisionDetection = (args) => {
  if (!args.pointerCoordinates) return closestCenter(args);
  const hits = pointerWithin(args);
  return hits.length ? hits : closestCenter(args);
};

export interface MenuTreeProps {
  items: EditorNode[];
  selected: string | null;
  /** Consultants look without changing: no dragging, no arrows. */
  readOnly?: boolean;
  label: (n: EditorNode) => string;
  onSelect(id: string): void;
  onMove(id: string, drop: Drop): void;
  onNudge(id: string, by: -1 | 1): void;
}

/** The menu as a tree of draggable rows: drop on a row to place before it, on a group's end zone to append. */
export function MenuTree({ items, selected, readOnly = false, label, onSelect, onMove, onNudge }: MenuTreeProps) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor));
  const [dragging, setDragging] = useState<EditorNode | null>(null);
  const byId = new Map(items.flatMap((n) => [n, ...(n.children ?? [])]).map((n) => [n.id, n]));
  const onDragEnd = (e: DragEndEvent) => {
    setDragging(null);
    const drop = e.over?.data.current as Drop | undefined;
    if (drop) onMove(String(e.active.id), drop);
  };
  const row = (n: EditorNode) => (
    <Row
      node={n}
      label={label(n)}
      selected={selected === n.id}
      readOnly={readOnly}
      onSelect={onSelect}
      onNudge={onNudge}
    />
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={(e) => setDragging(byId.get(String(e.active.id)) ?? null)}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
    >
      <ul className="ms-tree" aria-label={t('MENU_SETTINGS.TREE')}>
        {items.map((n) =>
          n.is_group ? (
            <li key={n.id} className="ms-group">
              {row(n)}
              <ul className="ms-children">
                {(n.children ?? []).map((c) => (
                  <li key={c.id}>{row(c)}</li>
                ))}
                {!readOnly && <EndZone group={n.id} text={t('MENU_SETTINGS.DROP_IN_GROUP')} />}
              </ul>
            </li>
          ) : (
            <li key={n.id}>{row(n)}</li>
          ),
        )}
        {!readOnly && <EndZone group={null} text={t('MENU_SETTINGS.DROP_AT_END')} />}
      </ul>
      <DragOverlay dropAnimation={null}>
        {dragging ? (
          <div className="ms-overlay">
            <Icon icon={dragging.icon as IconName} /> {label(dragging)}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

function Row({
  node,
  label,
  selected,
  readOnly,
  onSelect,
  onNudge,
}: {
  node: EditorNode;
  label: string;
  selected: boolean;
  readOnly: boolean;
  onSelect(id: string): void;
  onNudge(id: string, by: -1 | 1): void;
}) {
  const { t } = useTranslation();
  const drag = useDraggable({ id: node.id, disabled: readOnly });
  const drop = useDroppable({ id: `before:${node.id}`, data: { kind: 'before', id: node.id } satisfies Drop });
  const classes = [
    'ms-row',
    selected && 'selected',
    drop.isOver && !drag.isDragging && 'drop-before',
    drag.isDragging && 'dragging',
  ];
  return (
    <div
      ref={drop.setNodeRef}
      className={classes.filter(Boolean).join(' ')}
      data-entry={node.id}
      onClick={() => onSelect(node.id)}
    >
      <span
        ref={drag.setNodeRef}
        className="ms-handle"
        hidden={readOnly}
        aria-label={t('MENU_SETTINGS.DRAG', { name: label })}
        data-testid={`drag-${node.id}`}
        {...drag.listeners}
        {...drag.attributes}
      >
        <Icon icon="drag-handle-vertical" />
      </span>
      <Icon icon={node.icon as IconName} className="ms-icon" />
      <span className="ms-label">{label}</span>
      {node.custom && <Tag minimal>{t('MENU_SETTINGS.CUSTOM')}</Tag>}
      {node.placement === 'user' && <Tag minimal>{t('MENU_SETTINGS.USER_MENU')}</Tag>}
      {node.hidden_for.length > 0 && (
        <Tag minimal intent="warning" icon="eye-off">
          {t('MENU_SETTINGS.HIDDEN_COUNT', { count: node.hidden_for.length })}
        </Tag>
      )}
      {!readOnly && (
        <span className="ms-nudge">
          <Button
            variant="minimal"
            size="small"
            icon="chevron-up"
            aria-label={t('MENU_SETTINGS.UP')}
            onClick={(e) => (e.stopPropagation(), onNudge(node.id, -1))}
          />
          <Button
            variant="minimal"
            size="small"
            icon="chevron-down"
            aria-label={t('MENU_SETTINGS.DOWN')}
            onClick={(e) => (e.stopPropagation(), onNudge(node.id, 1))}
          />
        </span>
      )}
    </div>
  );
}

function EndZone({ group, text }: { group: string | null; text: string }) {
  const drop = useDroppable({ id: `end:${group ?? ''}`, data: { kind: 'end', group } satisfies Drop });
  return (
    <li ref={drop.setNodeRef} className={`ms-end${drop.isOver ? ' drop-before' : ''}`} aria-hidden>
      {text}
    </li>
  );
}
