import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner, type PreviewProps } from '../../../runtime/react/designer-contract';
import { schemaConfigEditor } from '../../../runtime/react/designer/defaults';
import type { ConfigWidgetProps } from '../../../runtime/react/designer/SchemaConfigEditor';
import { runtime } from './runtime';
import { manifest, SIZES, type BarcodeConfig } from './manifest';
import { SYMBOLOGIES, SYMBOLOGY_NAMES } from './symbology';

/** Symbologies by their own names (they read the same in every language). */
function SymbologyInput({ id, value, onChange, disabled }: ConfigWidgetProps) {
  return (
    <HTMLSelect
      id={id}
      fill
      value={String(value ?? 'qrcode')}
      disabled={disabled}
      options={SYMBOLOGIES.map((s) => ({ value: s, label: SYMBOLOGY_NAMES[s] }))}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

function SizeInput({ id, value, onChange, disabled }: ConfigWidgetProps) {
  const { t } = useTranslation('field.barcode');
  return (
    <HTMLSelect
      id={id}
      fill
      value={String(value ?? 'medium')}
      disabled={disabled}
      options={SIZES.map((s) => ({ value: s, label: t(`size.${s}`) }))}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** A sample the symbology can hold, so the canvas shows what the code will look like. */
const SAMPLE: Record<BarcodeConfig['symbology'], string> = {
  qrcode: 'https://example.com',
  code128: 'ABC-12345',
  ean13: '4006381333931',
  datamatrix: 'ABC-12345',
  pdf417: 'ABC-12345',
};

function Preview({ id, config, label, required, helpText }: PreviewProps<BarcodeConfig>) {
  const Widget = runtime.Widget;
  return (
    <FormGroup
      label={label}
      labelFor={id}
      labelInfo={required ? <span className="required">*</span> : undefined}
      helperText={helpText}
      className="ff-field ff-preview ff-type-barcode"
    >
      <Widget
        id={id}
        value={SAMPLE[config.symbology]}
        config={config}
        disabled
        invalid={false}
        onChange={noop}
        onBlur={noop}
      />
    </FormGroup>
  );
}

const noop = () => undefined;

export const designer = defineFieldDesigner({
  manifest,
  ConfigEditor: schemaConfigEditor(manifest, { symbology: SymbologyInput, size: SizeInput }),
  Preview,
});
