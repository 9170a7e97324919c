import { memo, useMemo } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { Icon } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { FieldDefinition, FieldGroup, ModuleDefinition } from '../../schemas/module-definition';
import { DEFAULT_COLUMN_WIDTH } from '../../schemas/module-definition';
import { useFieldDesigners } from '../../runtime/react/designer-registry';
import type { DropData } from './dnd';
import { useDragHandle, useIsLifted } from './dragSource';
import { PreviewBoundary } from './PreviewBoundary';

/** Nothing on the canvas changes size during a drag (an overlay moves), so droppables need no resize observers. */
const NO_RESIZE = { disabled: true };

export type Selection = { kind: 'field'; name: string } | { kind: 'section'; id: string } | null;

interface CanvasProps {
  def: ModuleDefinition;
  selected: Selection;
  fieldsWithErrors: ReadonlySet<string>;
  dragging: boolean;
  onSelect(s: Selection): void;
}

/** The form as the designer sees it: sections of rows on a 12-column grid, each part a drag source and a drop zone. */
export const Canvas = memo(function Canvas({ def, selected, fieldsWithErrors, dragging, onSelect }: CanvasProps) {
  const { t } = useTranslation();
  const selField = selected?.kind === 'field' ? selected.name : null;
  const selSection = selected?.kind === 'section' ? selected.id : null;
  return (
    <div className={`fd-canvas${dragging ? ' fd-dragging' : ''}`} data-testid="designer-canvas">
      {def.fieldGroups.map((g, gi) => (
        <Section
          key={g.id}
          group={g}
          gi={gi}
          selectedSection={selSection === g.id}
          selectedField={selField}
          fieldsWithErrors={fieldsWithErrors}
          onSelect={onSelect}
        />
      ))}
      <EndZone label={t('DESIGNER.DROP_SECTION_END')} />
    </div>
  );
});

function EndZone({ label }: { label: string }) {
  const { setNodeRef, isOver } = useDroppable({ id: 'end', data: { kind: 'end' } satisfies DropData });
  return (
    <div ref={setNodeRef} className={`fd-end-zone${isOver ? ' fd-over' : ''}`}>
      {label}
    </div>
  );
}

interface SectionProps {
  group: FieldGroup;
  gi: number;
  selectedSection: boolean;
  selectedField: string | null;
  fieldsWithErrors: ReadonlySet<string>;
  onSelect(s: Selection): void;
}

const Section = memo(function Section({
  group,
  gi,
  selectedSection,
  selectedField,
  fieldsWithErrors,
  onSelect,
}: SectionProps) {
  // The drop zone re-renders on every drag change; what it wraps is memoized so that costs one element.
  const drop = useDroppable({ id: `section:${group.id}`, data: { kind: 'section', group: gi } satisfies DropData });
  const lifted = useIsLifted(`section:${group.id}`);
  const body = useMemo(
    () => (
      <SectionBody
        group={group}
        gi={gi}
        selectedField={selectedField}
        fieldsWithErrors={fieldsWithErrors}
        onSelect={onSelect}
      />
    ),
    [group, gi, selectedField, fieldsWithErrors, onSelect],
  );
  return (
    <section
      ref={drop.setNodeRef}
      className={`fd-section${selectedSection ? ' fd-selected' : ''}${drop.isOver ? ' fd-over' : ''}${lifted ? ' fd-ghost' : ''}`}
      data-testid={`section-${group.id}`}
      aria-label={group.label}
    >
      {body}
    </section>
  );
});

type SectionBodyProps = Omit<SectionProps, 'selectedSection'>;

function SectionBody({ group, gi, selectedField, fieldsWithErrors, onSelect }: SectionBodyProps) {
  const { t } = useTranslation();
  const handle = useDragHandle({ kind: 'section', id: group.id }, t('DESIGNER.MOVE_SECTION', { name: group.label }));
  return (
    <>
      <header className="fd-section-header" onClick={() => onSelect({ kind: 'section', id: group.id })}>
        <span className="fd-handle" {...handle}>
          <Icon icon="drag-handle-vertical" />
        </span>
        <strong>{group.label || t('DESIGNER.UNTITLED_SECTION')}</strong>
        {group.isTable && (
          <span className="fd-table-badge" data-testid={`table-badge-${group.id}`}>
            {t('DESIGNER.TABLE')}
          </span>
        )}
      </header>
      {group.rows.map((row, ri) => {
        const sel = selectedField && row.fields.some((f) => f.name === selectedField) ? selectedField : null;
        const bad = row.fields.some((f) => fieldsWithErrors.has(f.name)) ? fieldsWithErrors : undefined;
        return (
          <Row
            key={ri}
            fields={row.fields}
            gi={gi}
            ri={ri}
            selectedField={sel}
            fieldsWithErrors={bad}
            onSelect={onSelect}
          />
        );
      })}
    </>
  );
}

interface RowProps {
  fields: FieldDefinition[];
  gi: number;
  ri: number;
  selectedField: string | null;
  fieldsWithErrors?: ReadonlySet<string>;
  onSelect(s: Selection): void;
}

const Row = memo(function Row({ fields, gi, ri, selectedField, fieldsWithErrors, onSelect }: RowProps) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({
    id: `row:${gi}:${ri}`,
    data: { kind: 'rowEnd', group: gi, row: ri } satisfies DropData,
    resizeObserverConfig: NO_RESIZE,
  });
  const cards = useMemo(
    () => (
      <>
        {fields.map((f) => (
          <FieldCard
            key={f.name}
            field={f}
            selected={f.name === selectedField}
            hasError={!!fieldsWithErrors?.has(f.name)}
            onSelect={onSelect}
          />
        ))}
        {!fields.length && <div className="fd-row-empty">{t('DESIGNER.DROP_HERE')}</div>}
      </>
    ),
    [fields, selectedField, fieldsWithErrors, onSelect, t],
  );
  return (
    <div ref={setNodeRef} className={`fd-row${isOver ? ' fd-over' : ''}`} data-testid={`row-${gi}-${ri}`}>
      {cards}
    </div>
  );
});

interface FieldCardProps {
  field: FieldDefinition;
  selected: boolean;
  hasError: boolean;
  onSelect(s: Selection): void;
}

/**
 * A card is no dnd-kit draggable (see dragSource.tsx): it re-renders only when its own field, selection or lifted
 * state changes. The row is the drop zone and the place in it comes from the pointer.
 */
const FieldCard = memo(function FieldCard({ field, selected, hasError, onSelect }: FieldCardProps) {
  const { t } = useTranslation();
  const data = useMemo(() => ({ kind: 'field', name: field.name }) as const, [field.name]);
  const handle = useDragHandle(data, t('DESIGNER.MOVE_FIELD', { name: field.label || field.name }));
  const lifted = useIsLifted(`field:${field.name}`);
  return (
    <div
      className={`fd-field${selected ? ' fd-selected' : ''}${lifted ? ' fd-ghost' : ''}${hasError ? ' fd-error' : ''}`}
      data-field={field.name}
      style={{ gridColumn: `span ${field.columnWidth ?? DEFAULT_COLUMN_WIDTH}` }}
      data-testid={`field-${field.name}`}
      title={field.label || field.name}
      onClick={() => onSelect({ kind: 'field', name: field.name })}
    >
      <span className="fd-handle" {...handle}>
        {GRIP}
      </span>
      <FieldCardBody field={field} />
    </div>
  );
});

/**
 * The grip as one constant SVG element: a Blueprint Icon is several components per card, and React walks every
 * fiber of the canvas each time dnd-kit's context changes (pickup, each new zone, drop).
 */
const GRIP = (
  <svg className="fd-grip" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
    {[3, 8, 13].map((y) => (
      <g key={y}>
        <circle cx="6" cy={y} r="1.5" />
        <circle cx="10" cy={y} r="1.5" />
      </g>
    ))}
  </svg>
);

/**
 * The field as it will look, drawn by its plugin's designer half (its own Preview, else its runtime Widget,
 * disabled). The preview is inert: clicks select the card and nothing in it takes focus.
 */
const FieldCardBody = memo(function FieldCardBody({ field }: { field: FieldDefinition }) {
  const { t } = useTranslation();
  const designer = useFieldDesigners()[field.fieldType];
  const label = field.label || field.name;
  const config = useMemo(
    () => ({ ...(designer?.manifest.defaultConfig ?? {}), ...(field.config ?? {}) }),
    [designer, field.config],
  );
  // No plugin for the type (the compile errors say so) or a preview that failed on this config.
  const unknown = (
    <span className="fd-field-unknown">
      {label} <code>{field.fieldType}</code>
    </span>
  );
  return (
    <>
      <div className="fd-field-preview" inert>
        {designer ? (
          <PreviewBoundary resetKey={config} fallback={unknown}>
            <designer.Preview
              id={`preview-${field.name}`}
              config={config}
              label={label}
              required={field.required}
              helpText={field.helpText}
            />
          </PreviewBoundary>
        ) : (
          unknown
        )}
      </div>
      {/* A plain span: Blueprint's Tag measures its text in a layout effect, which hundreds of cards cannot afford. */}
      <span
        className="fd-field-width"
        title={t('DESIGNER.WIDTH')}
      >{`${field.columnWidth ?? DEFAULT_COLUMN_WIDTH}/12`}</span>
    </>
  );
});
