import { Button, HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DateBucket, GroupBy, ReportColumn } from './api';
import { columnLabel } from './labels';

const BUCKETS: DateBucket[] = ['day', 'week', 'month', 'quarter', 'year'];

/** One grouping: a column, and for a date the period its values fall into. */
function GroupPicker(p: {
  columns: ReportColumn[];
  value: GroupBy;
  label: string;
  bucketLabel: string;
  onChange(g: GroupBy): void;
}) {
  const { t } = useTranslation();
  const col = p.columns.find((c) => c.key === p.value.column);
  return (
    <>
      <HTMLSelect
        aria-label={p.label}
        data-tenant-text
        value={p.value.column}
        onChange={(e) => {
          const next = p.columns.find((c) => c.key === e.target.value);
          p.onChange({ column: e.target.value, ...(next?.kind === 'date' ? { bucket: 'month' } : {}) });
        }}
        options={[
          { value: '', label: t('REPORTS.CHOOSE_COLUMN') },
          ...p.columns.map((c) => ({ value: c.key, label: columnLabel(t, c) })),
        ]}
      />
      {col?.kind === 'date' && (
        <HTMLSelect
          aria-label={p.bucketLabel}
          value={p.value.bucket ?? 'month'}
          onChange={(e) => p.onChange({ ...p.value, bucket: e.target.value as DateBucket })}
          options={BUCKETS.map((b) => ({ value: b, label: t(`REPORTS.BUCKET.${b}`) }))}
        />
      )}
    </>
  );
}

/** Up to four group-by columns (the rows), and in the designer a pivot group whose values become columns. */
export function BuilderGroups(p: {
  columns: ReportColumn[];
  groups: GroupBy[];
  onChange(g: GroupBy[]): void;
  pivot?: { value?: GroupBy; onChange(g?: GroupBy): void };
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="report-part">
      <legend>{t('REPORTS.GROUP_BY')}</legend>
      {p.groups.map((g, i) => (
        <div className="report-row" key={i}>
          <GroupPicker
            columns={p.columns}
            value={g}
            label={t('REPORTS.GROUP_COLUMN', { n: i + 1 })}
            bucketLabel={t('REPORTS.GROUP_BUCKET', { n: i + 1 })}
            onChange={(x) => p.onChange(p.groups.map((y, j) => (j === i ? x : y)))}
          />
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t('REPORTS.REMOVE_GROUP', { n: i + 1 })}
            onClick={() => p.onChange(p.groups.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {p.groups.length < 4 && (
        <Button
          icon="add"
          variant="minimal"
          text={t('REPORTS.ADD_GROUP')}
          onClick={() => p.onChange([...p.groups, { column: '' }])}
        />
      )}
      {p.pivot && p.groups.length > 0 && (
        <div className="report-row">
          <span className="report-row-label">{t('REPORTS.PIVOT')}</span>
          <GroupPicker
            columns={p.columns}
            value={p.pivot.value ?? { column: '' }}
            label={t('REPORTS.PIVOT_COLUMN')}
            bucketLabel={t('REPORTS.PIVOT_BUCKET')}
            onChange={(x) => p.pivot!.onChange(x.column ? x : undefined)}
          />
        </div>
      )}
    </fieldset>
  );
}
