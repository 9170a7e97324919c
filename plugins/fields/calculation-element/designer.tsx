import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner, type ConfigEditorProps } from '../../../runtime/react/designer-contract';
import { ELEMENT_TONES, manifest, type CalculationElementConfig } from './manifest';

function ConfigEditor({ config, onChange, disabled }: ConfigEditorProps<CalculationElementConfig>) {
  const { t } = useTranslation('field.calculation-element');
  return (
    <div className="ff-config-editor">
      <FormGroup label={t('tone')} labelFor="element-tone">
        <HTMLSelect
          id="element-tone"
          fill
          disabled={disabled}
          value={config.tone}
          options={ELEMENT_TONES.map((v) => ({ value: v, label: t(`tones.${v}`) }))}
          onChange={(e) => onChange({ ...config, tone: e.target.value as CalculationElementConfig['tone'] })}
        />
      </FormGroup>
    </div>
  );
}

export const designer = defineFieldDesigner({ manifest, ConfigEditor });
