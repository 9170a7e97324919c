import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner, type ConfigEditorProps } from '../../../runtime/react/designer-contract';
import { FIELD_CONFIG_TEXTS } from '../../../runtime/react/designer/defaults';
import { SchemaConfigEditor, type ConfigWidgetProps } from '../../../runtime/react/designer/SchemaConfigEditor';
import { useDesignerData } from '../../../runtime/react/designer/designer-data';
import { manifest, type DropdownConfig } from './manifest';

const ns = 'field.dropdown';

/** The key-value list that feeds the options, or none (the options typed here). */
function ListPicker({ id, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation(ns);
  const lists = useDesignerData((d) => d.keyValueLists(), 'kv');
  return (
    <HTMLSelect
      id={id}
      fill
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value || undefined)}
      options={[
        { value: '', label: t('typedOptions') },
        ...(lists ?? []).map((l) => ({ value: l.id, label: l.key_name })),
      ]}
    />
  );
}

// The dataset and the column it shows are chosen together below the generated settings.
const typedSchema = {
  ...manifest.configSchema,
  properties: Object.fromEntries(
    Object.entries(manifest.configSchema.properties as Record<string, unknown>).filter(
      ([k]) => k !== 'datasetId' && k !== 'labelColumn',
    ),
  ),
};

/** Options typed here, from a key-value list, or from a reference dataset (its rows, showing one column). */
function ConfigEditor({ config, onChange, disabled }: ConfigEditorProps<DropdownConfig>) {
  const { t } = useTranslation(ns);
  const datasets = useDesignerData((d) => d.datasets(), 'datasets');
  const chosen = datasets?.find((d) => d.id === config.datasetId);
  const setDataset = (datasetId: string) => {
    const rest = { ...config };
    delete rest.datasetId;
    delete rest.labelColumn;
    const next = datasets?.find((d) => d.id === datasetId);
    const label = next?.columns.find((c) => c.key !== next.keyColumn)?.key;
    onChange(datasetId ? { ...rest, listId: undefined, datasetId, ...(label ? { labelColumn: label } : {}) } : rest);
  };
  return (
    <>
      {!config.datasetId && (
        <SchemaConfigEditor
          schema={typedSchema}
          value={config as unknown as Record<string, unknown>}
          onChange={(v) => onChange(v as unknown as DropdownConfig)}
          idPrefix="config-dropdown"
          i18n={FIELD_CONFIG_TEXTS}
          widgets={{ listId: ListPicker }}
          disabled={disabled}
        />
      )}
      <FormGroup label={t('dataset')} labelFor="config-dropdown-dataset" helperText={t('datasetHelp')}>
        <HTMLSelect
          id="config-dropdown-dataset"
          fill
          disabled={disabled}
          value={config.datasetId ?? ''}
          onChange={(e) => setDataset(e.target.value)}
          options={[
            { value: '', label: t('noDataset') },
            ...(datasets ?? []).filter((d) => d.columns.length).map((d) => ({ value: d.id, label: d.name })),
            ...(config.datasetId && datasets && !chosen
              ? [{ value: config.datasetId, label: t('missingDataset') }]
              : []),
          ]}
        />
      </FormGroup>
      {config.datasetId && (
        <>
          <FormGroup label={t('labelColumn')} labelFor="config-dropdown-label-column">
            <HTMLSelect
              id="config-dropdown-label-column"
              fill
              disabled={disabled || !chosen}
              value={config.labelColumn ?? ''}
              onChange={(e) => onChange({ ...config, labelColumn: e.target.value || undefined })}
              options={[
                { value: '', label: t('keyColumn') },
                ...(chosen?.columns ?? []).map((c) => ({ value: c.key, label: c.label })),
              ]}
            />
          </FormGroup>
          <FormGroup label={t('multiple')} labelFor="config-dropdown-multiple-ds">
            <input
              id="config-dropdown-multiple-ds"
              type="checkbox"
              disabled={disabled}
              checked={config.multiple}
              onChange={(e) => onChange({ ...config, multiple: e.target.checked })}
            />
          </FormGroup>
        </>
      )}
    </>
  );
}

export const designer = defineFieldDesigner({ manifest, ConfigEditor });
