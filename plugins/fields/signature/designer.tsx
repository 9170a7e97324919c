import { Classes, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner } from '../../../runtime/react/designer-contract';
import { schemaConfigEditor } from '../../../runtime/react/designer/defaults';
import type { ConfigWidgetProps } from '../../../runtime/react/designer/SchemaConfigEditor';
import { manifest } from './manifest';

const NS = 'field.signature';

/** The browser's colour picker; the schema keeps the value to #rrggbb. */
function PenColorInput({ id, value, onChange, disabled }: ConfigWidgetProps) {
  return (
    <input
      id={id}
      type="color"
      className={Classes.INPUT}
      style={{ width: 64, padding: 2 }}
      value={typeof value === 'string' ? value : manifest.defaultConfig.penColor}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** White or transparent, in the designer's language. */
function BackgroundInput({ id, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation(NS);
  return (
    <HTMLSelect
      id={id}
      fill
      value={value === 'transparent' ? 'transparent' : 'white'}
      disabled={disabled}
      options={[
        { value: 'white', label: t('backgroundWhite') },
        { value: 'transparent', label: t('backgroundTransparent') },
      ]}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

export const designer = defineFieldDesigner({
  manifest,
  ConfigEditor: schemaConfigEditor(manifest, { penColor: PenColorInput, background: BackgroundInput }),
});
