import { FormGroup, HTMLSelect, NumericInput } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AGGREGATE_FNS, type AggregateFn } from '../../../runtime/plugin-contract';
import { defineFieldDesigner, type ConfigEditorProps } from '../../../runtime/react/designer-contract';
import { useDesignerData } from '../../../runtime/react/designer/designer-data';
import { manifest, type CalculationMultipleLookupConfig } from './manifest';

/** Which app's records the formula names, what is summed up and of which of their fields. */
function ConfigEditor({ config, onChange, disabled }: ConfigEditorProps<CalculationMultipleLookupConfig>) {
  const { t } = useTranslation('field.calculation-multiple-lookup');
  const apps = useDesignerData((d) => d.apps(), 'apps');
  const cols = useDesignerData((d) => d.columns(config.moduleId), config.moduleId, !config.moduleId) ?? [];
  const set = (patch: Partial<CalculationMultipleLookupConfig>) => onChange({ ...config, ...patch });
  const choose = { value: '', label: t('choose') };
  return (
    <div className="ff-config-editor">
      <FormGroup label={t('app')} labelFor="aggregate-app">
        <HTMLSelect
          id="aggregate-app"
          fill
          disabled={disabled}
          value={config.moduleId}
          options={[choose, ...(apps ?? []).map((a) => ({ value: a.id, label: a.name }))]}
          onChange={(e) => set({ moduleId: e.target.value, column: '' })}
        />
      </FormGroup>
      <FormGroup label={t('fn')} labelFor="aggregate-fn">
        <HTMLSelect
          id="aggregate-fn"
          fill
          disabled={disabled}
          value={config.fn}
          options={AGGREGATE_FNS.map((f) => ({ value: f, label: t(`fns.${f}`) }))}
          onChange={(e) => set({ fn: e.target.value as AggregateFn })}
        />
      </FormGroup>
      {config.fn !== 'count' && (
        <FormGroup label={t('column')} labelFor="aggregate-column">
          <HTMLSelect
            id="aggregate-column"
            fill
            disabled={disabled || !config.moduleId}
            value={config.column}
            options={[
              choose,
              ...cols.filter((c) => c.kind === 'number').map((c) => ({ value: c.name, label: c.label })),
            ]}
            onChange={(e) => set({ column: e.target.value })}
          />
        </FormGroup>
      )}
      <FormGroup label={t('decimalPlaces')} labelFor="aggregate-places">
        <NumericInput
          id="aggregate-places"
          fill
          min={0}
          max={10}
          disabled={disabled}
          value={config.decimalPlaces}
          onValueChange={(n) => Number.isInteger(n) && n >= 0 && n <= 10 && set({ decimalPlaces: n })}
        />
      </FormGroup>
    </div>
  );
}

export const designer = defineFieldDesigner({ manifest, ConfigEditor });
