import { createContext, useContext } from 'react';
import { Button, Checkbox, ControlGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner, type ConfigEditorProps } from '../../../runtime/react/designer-contract';
import { removeItem, renameItem } from '../../../runtime/react/designer/config-list';
import { schemaConfigEditor } from '../../../runtime/react/designer/defaults';
import type { ConfigWidgetProps } from '../../../runtime/react/designer/SchemaConfigEditor';
import { manifest, SCAN_FORMATS, type BarcodeScannerConfig } from './manifest';
import { PAYLOAD_FORMATS, type PayloadMapping } from './payload';

const ns = 'field.barcode-scanner';

/** The form's other fields, for the mapping's targets (the property panel hands them to the config editor). */
const FieldNames = createContext<readonly string[]>([]);

/** Formats by their own names; none ticked reads every format. */
function FormatsInput({ id, value, onChange, disabled, label }: ConfigWidgetProps) {
  const { t } = useTranslation(ns);
  const picked = Array.isArray(value) ? (value as string[]) : [];
  return (
    <div id={id} role="group" aria-label={label} className="scanner-formats">
      <p className="bp6-text-muted">{t('allFormats')}</p>
      {SCAN_FORMATS.map((f) => (
        <Checkbox
          key={f}
          inline
          label={f}
          checked={picked.includes(f)}
          disabled={disabled}
          onChange={(e) =>
            onChange(
              e.currentTarget.checked
                ? SCAN_FORMATS.filter((x) => x === f || picked.includes(x))
                : picked.filter((x) => x !== f),
            )
          }
        />
      ))}
    </div>
  );
}

function PayloadInput({ id, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation(ns);
  return (
    <HTMLSelect
      id={id}
      fill
      value={String(value ?? 'plain')}
      disabled={disabled}
      options={PAYLOAD_FORMATS.map((p) => ({ value: p, label: t(`payload.${p}`) }))}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** Parts of the code (a position, a JSON key or a GS1 AI) and the field each one fills. */
function MappingInput({ id, value, onChange, disabled, label }: ConfigWidgetProps) {
  const { t } = useTranslation(ns);
  const fieldNames = useContext(FieldNames);
  const rows = (Array.isArray(value) ? value : []) as PayloadMapping[];
  const items = rows as unknown as Record<string, unknown>[];
  const set = (next: unknown[]) => onChange(next);
  return (
    <div id={id} role="group" aria-label={label} className="scanner-mapping">
      <p className="bp6-text-muted">{t('mappingHelp')}</p>
      {rows.map((m, i) => (
        <ControlGroup key={i} fill>
          <InputGroup
            aria-label={t('partN', { n: i + 1 })}
            placeholder={t('partPlaceholder')}
            value={m.part}
            disabled={disabled}
            onValueChange={(v) => set(renameItem(items, i, 'part', v))}
          />
          <HTMLSelect
            aria-label={t('fieldN', { n: i + 1 })}
            value={m.field}
            disabled={disabled}
            options={[
              { value: '', label: t('chooseField') },
              ...[...new Set([...fieldNames, ...(m.field ? [m.field] : [])])].map((n) => ({ value: n, label: n })),
            ]}
            onChange={(e) => set(renameItem(items, i, 'field', e.currentTarget.value))}
          />
          <Button
            icon="trash"
            variant="minimal"
            intent={Intent.DANGER}
            aria-label={t('removeN', { n: i + 1 })}
            disabled={disabled}
            onClick={() => set(removeItem(items, i))}
          />
        </ControlGroup>
      ))}
      <Button
        icon="add"
        variant="minimal"
        text={t('addMapping')}
        disabled={disabled}
        onClick={() => set([...rows, { part: String(rows.length + 1), field: '' }])}
      />
    </div>
  );
}

const Generated = schemaConfigEditor(manifest, { formats: FormatsInput, payload: PayloadInput, mapping: MappingInput });

function ConfigEditor(p: ConfigEditorProps<BarcodeScannerConfig>) {
  return (
    <FieldNames.Provider value={p.fieldNames ?? []}>
      <Generated {...p} />
    </FieldNames.Provider>
  );
}

export const designer = defineFieldDesigner({ manifest, ConfigEditor });
