import { memo } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { Button, H6, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldCategory, FieldManifest } from '../../runtime/plugin-contract';
import { fieldRegistry } from '../../runtime/registry';
import type { DragData } from './dnd';

const CATEGORIES: FieldCategory[] = ['basic', 'choice', 'date', 'advanced', 'calculation'];

/** Field types by category, straight from the registry: a new plugin folder appears here by itself. */
export function paletteGroups(): { category: FieldCategory; manifests: FieldManifest<object>[] }[] {
  const all = Object.values(fieldRegistry);
  return CATEGORIES.map((category) => ({
    category,
    manifests: all.filter((m) => m.category === category).sort((a, b) => a.type.localeCompare(b.type)),
  })).filter((g) => g.manifests.length);
}

interface PaletteProps {
  /** Click (or Enter) adds the item to the selected section; dragging places it. */
  onAdd(item: DragData): void;
}

export const Palette = memo(function Palette({ onAdd }: PaletteProps) {
  const { t } = useTranslation();
  return (
    <aside className="fd-palette" aria-label={t('DESIGNER.PALETTE')}>
      <H6>{t('DESIGNER.LAYOUT')}</H6>
      <PaletteItem
        id="palette:@section"
        data={{ kind: 'palette-section' }}
        icon="widget"
        label={t('DESIGNER.SECTION')}
        onAdd={onAdd}
      />
      <PaletteItem
        id="palette:@row"
        data={{ kind: 'palette-row' }}
        icon="add-row-bottom"
        label={t('DESIGNER.ROW')}
        onAdd={onAdd}
      />
      {paletteGroups().map((g) => (
        <div key={g.category}>
          <H6>{t(`DESIGNER.CATEGORY.${g.category}`)}</H6>
          {g.manifests.map((m) => (
            <PaletteItem
              key={m.type}
              id={`palette:${m.type}`}
              data={{ kind: 'palette-field', type: m.type }}
              icon={m.icon}
              label={t(m.title, { ns: `field.${m.type}`, defaultValue: m.type })}
              onAdd={onAdd}
            />
          ))}
        </div>
      ))}
    </aside>
  );
});

function PaletteItem({
  id,
  data,
  icon,
  label,
  onAdd,
}: {
  id: string;
  data: DragData;
  icon: string;
  label: string;
  onAdd(d: DragData): void;
}) {
  const { t } = useTranslation();
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id, data });
  return (
    <div className={`fd-palette-item${isDragging ? ' fd-ghost' : ''}`} data-testid={id}>
      <span
        ref={setNodeRef}
        className="fd-palette-drag"
        {...listeners}
        {...attributes}
        aria-label={t('DESIGNER.DRAG', { name: label })}
      >
        <Icon icon={icon as IconName} /> {label}
      </span>
      <Button
        variant="minimal"
        size="small"
        icon="plus"
        aria-label={t('DESIGNER.ADD', { name: label })}
        onClick={() => onAdd(data)}
      />
    </div>
  );
}
