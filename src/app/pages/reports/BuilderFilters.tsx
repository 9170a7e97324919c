import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FILTER_OPERATORS, UNARY, type FilterOperator } from '../../api/entries';
import type { ReportColumn, ReportParameter, ReportSpec } from './api';
import { columnLabel, valueText } from './labels';

type Filter = NonNullable<ReportSpec['filters']>[number];
const COMPARE: FilterOperator[] = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'isnull', 'isnotnull'];
const CHOICE: FilterOperator[] = ['eq', 'neq', 'partof', 'notpartof', 'isnull', 'isnotnull'];
const operatorsOf = (c?: ReportColumn): readonly FilterOperator[] =>
  c?.values ? CHOICE : c?.kind === 'text' || !c ? FILTER_OPERATORS : COMPARE;
const paramRef = (name: string) => `{{param:${name}}}`;

/**
 * The report's filters, as the record list has them: a column, a lookup operator and a value (a column with a
 * fixed set of values offers them; in the designer a value may be a parameter's answer).
 */
export function BuilderFilters(p: {
  columns: ReportColumn[];
  filters: Filter[];
  parameters?: ReportParameter[];
  onChange(f: Filter[]): void;
}) {
  const { t } = useTranslation();
  const set = (i: number, f: Partial<Filter>) => p.onChange(p.filters.map((x, j) => (j === i ? { ...x, ...f } : x)));
  return (
    <fieldset className="report-part">
      <legend>{t('REPORTS.FILTERS')}</legend>
      {p.filters.map((f, i) => {
        const col = p.columns.find((c) => c.key === f.field);
        const op = (f.operator ?? 'eq') as FilterOperator;
        const value = f.value === undefined || f.value === null ? '' : String(f.value);
        const param = /^\{\{param:(\w+)\}\}$/.exec(value)?.[1];
        const n = i + 1;
        return (
          <div className="report-row" key={i} data-testid={`report-filter-${i}`}>
            <HTMLSelect
              aria-label={t('REPORTS.FILTER_COLUMN', { n })}
              data-tenant-text
              value={f.field ?? ''}
              onChange={(e) => set(i, { field: e.target.value, value: undefined })}
              options={[
                { value: '', label: t('REPORTS.CHOOSE_COLUMN') },
                ...p.columns.map((c) => ({ value: c.key, label: columnLabel(t, c) })),
              ]}
            />
            <HTMLSelect
              aria-label={t('REPORTS.FILTER_OPERATOR', { n })}
              value={op}
              onChange={(e) => set(i, { operator: e.target.value })}
              options={operatorsOf(col).map((o) => ({ value: o, label: t(`RECORDS.OP.${o}`) }))}
            />
            {!UNARY.includes(op) && p.parameters?.length ? (
              <HTMLSelect
                aria-label={t('REPORTS.FILTER_SOURCE', { n })}
                value={param ?? ''}
                onChange={(e) => set(i, { value: e.target.value ? paramRef(e.target.value) : '' })}
                options={[
                  { value: '', label: t('REPORTS.FIXED_VALUE') },
                  ...p.parameters.map((x) => ({ value: x.name, label: t('REPORTS.PARAM_VALUE', { name: x.label }) })),
                ]}
              />
            ) : null}
            {!UNARY.includes(op) &&
              !param &&
              (col?.values && (op === 'eq' || op === 'neq') ? (
                <HTMLSelect
                  aria-label={t('REPORTS.FILTER_VALUE', { n })}
                  value={value}
                  onChange={(e) => set(i, { value: e.target.value })}
                  options={[
                    { value: '', label: t('REPORTS.CHOOSE_VALUE') },
                    ...col.values.map((v) => ({ value: v, label: valueText(t, v) })),
                  ]}
                />
              ) : (
                <InputGroup
                  aria-label={t('REPORTS.FILTER_VALUE', { n })}
                  type={col?.kind === 'date' ? 'date' : col?.kind === 'number' ? 'number' : 'text'}
                  value={value}
                  onValueChange={(v) => set(i, { value: v })}
                />
              ))}
            <Button
              variant="minimal"
              icon="cross"
              aria-label={t('REPORTS.REMOVE_FILTER', { n })}
              onClick={() => p.onChange(p.filters.filter((_, j) => j !== i))}
            />
          </div>
        );
      })}
      {p.filters.length < 20 && (
        <Button
          icon="add"
          variant="minimal"
          text={t('REPORTS.ADD_FILTER')}
          onClick={() => p.onChange([...p.filters, { field: '', operator: 'eq', value: '' }])}
        />
      )}
    </fieldset>
  );
}
