import { Button, Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ReportParameter } from './api';

const TYPES: ReportParameter['type'][] = ['text', 'number', 'date'];

/** The questions a report asks when it opens; a filter takes an answer as its value (`{{param:name}}`). */
export function ParametersEditor(p: { value: ReportParameter[]; onChange(v: ReportParameter[]): void }) {
  const { t } = useTranslation();
  const set = (i: number, x: Partial<ReportParameter>) =>
    p.onChange(p.value.map((y, j) => (j === i ? ({ ...y, ...x } as ReportParameter) : y)));
  return (
    <fieldset className="report-part">
      <legend>{t('REPORTS.PARAMETERS')}</legend>
      <p className="bp6-text-muted">{t('REPORTS.PARAMETERS_ABOUT')}</p>
      {p.value.map((x, i) => {
        const n = i + 1;
        const badName = !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(x.name);
        return (
          <div className="report-row" key={i}>
            <InputGroup
              aria-label={t('REPORTS.PARAM_NAME', { n })}
              placeholder={t('REPORTS.PARAM_NAME_HINT')}
              value={x.name}
              intent={badName ? 'danger' : 'none'}
              onValueChange={(v) => set(i, { name: v })}
            />
            <InputGroup
              aria-label={t('REPORTS.PARAM_LABEL', { n })}
              placeholder={t('REPORTS.PARAM_LABEL_HINT')}
              value={x.label}
              onValueChange={(v) => set(i, { label: v })}
            />
            <HTMLSelect
              aria-label={t('REPORTS.PARAM_TYPE', { n })}
              value={x.type}
              onChange={(e) => set(i, { type: e.target.value as ReportParameter['type'], default: undefined })}
              options={TYPES.map((k) => ({ value: k, label: t(`REPORTS.PARAM_TYPES.${k}`) }))}
            />
            <InputGroup
              aria-label={t('REPORTS.PARAM_DEFAULT', { n })}
              placeholder={t('REPORTS.PARAM_DEFAULT_HINT')}
              type={x.type === 'date' ? 'date' : x.type === 'number' ? 'number' : 'text'}
              value={x.default === undefined ? '' : String(x.default)}
              onValueChange={(v) =>
                set(i, { default: v === '' ? undefined : x.type === 'number' && !isNaN(Number(v)) ? Number(v) : v })
              }
            />
            <Checkbox
              label={t('REPORTS.PARAM_REQUIRED')}
              checked={!!x.required}
              onChange={(e) => set(i, { required: e.currentTarget.checked })}
            />
            <Button
              variant="minimal"
              icon="cross"
              aria-label={t('REPORTS.REMOVE_PARAM', { n })}
              onClick={() => p.onChange(p.value.filter((_, j) => j !== i))}
            />
          </div>
        );
      })}
      {p.value.length < 10 && (
        <Button
          icon="add"
          variant="minimal"
          text={t('REPORTS.ADD_PARAM')}
          onClick={() => p.onChange([...p.value, { name: `param${p.value.length + 1}`, label: '', type: 'text' }])}
        />
      )}
    </fieldset>
  );
}
