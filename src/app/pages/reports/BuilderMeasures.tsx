import { Button, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Aggregate, GroupBy, Measure, ReportColumn, ReportSpec } from './api';
import { columnLabel, measureLabel } from './labels';
import { measureKey } from './spec';

const AGGREGATES: Aggregate[] = ['count', 'sum', 'avg', 'min', 'max', 'distinct'];
type Sort = NonNullable<ReportSpec['sort']>[number];

/** Which columns an aggregate can take: sums and averages need numbers; min, max and distinct take any. */
const fits = (a: Aggregate, c: ReportColumn) => (a === 'sum' || a === 'avg' ? c.kind === 'number' : true);

/** The figures (count, sum, average, min, max, distinct count) and the order of the rows. */
export function BuilderMeasures(p: {
  columns: ReportColumn[];
  measures: Measure[];
  groups: GroupBy[];
  sort: Sort[];
  onChange(m: Measure[]): void;
  onSort(s: Sort[]): void;
}) {
  const { t } = useTranslation();
  const set = (i: number, m: Measure) => p.onChange(p.measures.map((x, j) => (j === i ? m : x)));
  const sortKeys = [
    ...p.groups
      .filter((g) => g.column)
      .map((g) => {
        const c = p.columns.find((x) => x.key === g.column);
        // A date grouped by period sorts under the group's key (`<column>_<period>`).
        return { value: g.bucket ? `${g.column}_${g.bucket}` : g.column, label: c ? columnLabel(t, c) : g.column };
      }),
    ...p.measures
      .filter((m) => m.aggregate === 'count' || m.column)
      .map((m) => ({ value: measureKey(m), label: measureLabel(t, m, p.columns) })),
  ];
  return (
    <>
      <fieldset className="report-part">
        <legend>{t('REPORTS.MEASURES')}</legend>
        {p.measures.map((m, i) => (
          <div className="report-row" key={i}>
            <HTMLSelect
              aria-label={t('REPORTS.MEASURE_AGGREGATE', { n: i + 1 })}
              value={m.aggregate}
              onChange={(e) => {
                const aggregate = e.target.value as Aggregate;
                const keep = m.column && p.columns.some((c) => c.key === m.column && fits(aggregate, c));
                set(i, aggregate === 'count' ? { aggregate } : { aggregate, ...(keep ? { column: m.column } : {}) });
              }}
              options={AGGREGATES.map((a) => ({ value: a, label: t(`REPORTS.AGG.${a}`) }))}
            />
            {m.aggregate !== 'count' && (
              <HTMLSelect
                aria-label={t('REPORTS.MEASURE_COLUMN', { n: i + 1 })}
                data-tenant-text
                value={m.column ?? ''}
                onChange={(e) => set(i, { aggregate: m.aggregate, column: e.target.value })}
                options={[
                  { value: '', label: t('REPORTS.CHOOSE_COLUMN') },
                  ...p.columns
                    .filter((c) => fits(m.aggregate, c))
                    .map((c) => ({ value: c.key, label: columnLabel(t, c) })),
                ]}
              />
            )}
            <Button
              variant="minimal"
              icon="cross"
              aria-label={t('REPORTS.REMOVE_MEASURE', { n: i + 1 })}
              onClick={() => p.onChange(p.measures.filter((_, j) => j !== i))}
            />
          </div>
        ))}
        {p.measures.length < 10 && (
          <Button
            icon="add"
            variant="minimal"
            text={t('REPORTS.ADD_MEASURE')}
            onClick={() => p.onChange([...p.measures, { aggregate: 'count' }])}
          />
        )}
      </fieldset>
      <fieldset className="report-part">
        <legend>{t('REPORTS.SORT')}</legend>
        {p.sort.map((s, i) => (
          <div className="report-row" key={i}>
            <HTMLSelect
              aria-label={t('REPORTS.SORT_KEY', { n: i + 1 })}
              data-tenant-text
              value={s.key}
              onChange={(e) => p.onSort(p.sort.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)))}
              options={[{ value: '', label: t('REPORTS.CHOOSE_COLUMN') }, ...sortKeys]}
            />
            <HTMLSelect
              aria-label={t('REPORTS.SORT_DIR', { n: i + 1 })}
              value={s.dir}
              onChange={(e) =>
                p.onSort(p.sort.map((x, j) => (j === i ? { ...x, dir: e.target.value as 'asc' | 'desc' } : x)))
              }
              options={[
                { value: 'asc', label: t('REPORTS.ASC') },
                { value: 'desc', label: t('REPORTS.DESC') },
              ]}
            />
            <Button
              variant="minimal"
              icon="cross"
              aria-label={t('REPORTS.REMOVE_SORT', { n: i + 1 })}
              onClick={() => p.onSort(p.sort.filter((_, j) => j !== i))}
            />
          </div>
        ))}
        {p.sort.length < 5 && sortKeys.length > 0 && (
          <Button
            icon="add"
            variant="minimal"
            text={t('REPORTS.ADD_SORT')}
            onClick={() => p.onSort([...p.sort, { key: sortKeys[0]!.value, dir: 'asc' }])}
          />
        )}
      </fieldset>
    </>
  );
}
