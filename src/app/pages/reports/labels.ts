import type { TFunction } from 'i18next';
import { valueLabel } from '../modules/SummaryCounters';
import type { Measure, ReportColumn, ResultColumn, ReportSpec } from './api';
import { measureKey } from './spec';

/** System columns (process status, created at...) are named by the record list's texts, fields by their label. */
export const columnLabel = (t: TFunction, c: Pick<ReportColumn, 'key' | 'label'>) =>
  t(`RECORDS.COLUMN.${c.key}`, { defaultValue: c.label });

/** "Sum of Amount", or the label the designer gave the measure. */
export function measureLabel(t: TFunction, m: Measure, columns: ReportColumn[]): string {
  if (m.label) return m.label;
  if (m.aggregate === 'count') return t('REPORTS.AGG_OF.count');
  const c = columns.find((x) => x.key === m.column);
  return t(`REPORTS.AGG_OF.${m.aggregate}`, { column: c ? columnLabel(t, c) : (m.column ?? '') });
}

/** A result column's heading: measures as the spec names them, groups by their column, pivot values as they are. */
export function resultLabel(t: TFunction, c: ResultColumn, spec: ReportSpec, columns: ReportColumn[]): string {
  if (c.role === 'measure') {
    const m = (spec.measures ?? []).find((x) => measureKey(x) === c.key);
    if (m) return measureLabel(t, m, columns);
  }
  if (c.role === 'group') {
    const g = (spec.groupBy ?? []).find((x) => x.column === c.key || c.key.startsWith(`${x.column}_`));
    const col = g && columns.find((x) => x.key === g.column);
    if (col) return columnLabel(t, col) + (g.bucket ? ` (${t(`REPORTS.BUCKET.${g.bucket}`)})` : '');
  }
  if (c.role === 'pivot') return valueText(t, c.label);
  return columnLabel(t, c);
}

/** A group value as shown: process states in our words, an empty value as "(empty)". */
export const valueText = (t: TFunction, v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? t('REPORTS.EMPTY_VALUE') : valueLabel(t, String(v));
