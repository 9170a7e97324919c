import { memo } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { Button, H6, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldCategory } from '../../runtime/plugin-contract';
import type { FieldDesigner, FieldDesignerRegistry } from '../../runtime/react/designer-contract';
import { fieldPalette, useFieldDesigners } from '../../runtime/react/designer-registry';
import type { DragData } from './dnd';

/**
 * Field types by category, from the designer registry (each plugin's palette entry over the defaults): a new
 * plugin folder appears here by itself.
 */
export function paletteGroups(
  designers: FieldDesignerRegistry,
): { category: FieldCategory; entries: FieldDesigner[] }[] {
  const groups: { category: FieldCategory; entries: FieldDesigner[] }[] = [];
  for (const d of fieldPalette(designers)) {
    const last = groups.at(-1);
    if (last?.category === d.palette.category) last.entries.push(d);
    else groups.push({ category: d.palette.category, entries: [d] });
  }
  return groups;
}

interface PaletteProps {
  /** Click (or Enter) adds the item to the selected section; dragging places it. */
  onAdd(item: DragData): void;
}

export const Palette = memo(function Palette({ onAdd }: PaletteProps) {
  const { t } = useTranslation();
  const designers = useFieldDesigners();
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
      {paletteGroups(designers).map((g) => (
        <div key={g.category}>
          <H6>{t(`DESIGNER.CATEGORY.${g.category}`)}</H6>
          {g.entries.map(({ manifest: { type }, palette }) => (
            <PaletteItem
              key={type}
              id={`palette:${type}`}
              data={{ kind: 'palette-field', type }}
              icon={palette.icon}
              label={t(palette.title, { ns: `field.${type}`, defaultValue: type })}
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
