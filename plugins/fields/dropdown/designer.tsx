import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { schemaConfigEditor } from '../../../runtime/react/designer/defaults';
import type { ConfigWidgetProps } from '../../../runtime/react/designer/SchemaConfigEditor';
import { useDesignerData } from '../../../runtime/react/designer/designer-data';
import { manifest } from './manifest';

/** The key-value list that feeds the options, or none (the options typed here). */
function ListPicker({ id, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation('field.dropdown');
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

export const designer = defineFieldDesigner({
  manifest,
  ConfigEditor: schemaConfigEditor(manifest, { listId: ListPicker }),
});
