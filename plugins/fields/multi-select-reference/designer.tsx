import { FormGroup, NumericInput } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { defineFieldDesigner, type ConfigEditorProps } from '../../../runtime/react/designer-contract';
import { LookupSettingsEditor } from '../../../runtime/react/designer/lookup-settings';
import { manifest, type MultiReferenceConfig } from './manifest';

/** A lookup's settings, and how many records one value may name. */
function MultiReferenceConfigEditor(p: ConfigEditorProps<MultiReferenceConfig>) {
  const { t } = useTranslation();
  return (
    <>
      <LookupSettingsEditor {...p} />
      <FormGroup label={t('FIELD_CONFIG.maxRecords')} labelFor="lookup-max">
        <NumericInput
          id="lookup-max"
          fill
          min={1}
          max={100}
          disabled={p.disabled}
          value={p.config.maxItems}
          onValueChange={(n) => Number.isInteger(n) && n >= 1 && n <= 100 && p.onChange({ ...p.config, maxItems: n })}
        />
      </FormGroup>
    </>
  );
}

export const designer = defineFieldDesigner({ manifest, ConfigEditor: MultiReferenceConfigEditor });
