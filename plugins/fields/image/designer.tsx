import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { schemaConfigEditor } from '../../../runtime/react/designer/defaults';
import type { ConfigWidgetProps } from '../../../runtime/react/designer/SchemaConfigEditor';
import { manifest } from './manifest';

/** The stored type: kept as it came, or one type (the type names are the same in every language). */
function FormatInput({ id, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation('field.image');
  const options = [
    { value: 'original', label: t('formatOriginal') },
    { value: 'jpeg', label: 'JPEG' },
    { value: 'png', label: 'PNG' },
    { value: 'webp', label: 'WebP' },
  ];
  return (
    <HTMLSelect
      id={id}
      fill
      value={typeof value === 'string' ? value : 'original'}
      disabled={disabled}
      options={options}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

export const designer = defineFieldDesigner({
  manifest,
  ConfigEditor: schemaConfigEditor(manifest, { format: FormatInput }),
});
