import { Tag } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ListFilter, Summary } from '../../api/entries';

/** A value of a fixed-set column (process status, outcome) in the user's language. */
export const valueLabel = (t: TFunction, v: string) =>
  v ? t([`RECORDS.STATUS.${v.replace(' ', '_')}`, `RECORDS.OUTCOME.${v}`], { defaultValue: v }) : '';

/** Outcome counters carry their meaning in colour too (as a light fill, so the text keeps its contrast). */
const tone = (column: string, value: string) =>
  column !== 'process_outcome' ? 'none' : value === 'Approved' ? 'success' : value === 'Rejected' ? 'danger' : 'none';

/**
 * The app's counters: records by process status and by outcome (approved, rejected; withdrawn among the user's
 * drafts). Each one filters the list to what it counts.
 */
export function SummaryCounters({
  summary,
  active,
  onPick,
}: {
  summary: Summary;
  active: ListFilter[];
  onPick(column: string, value: string, onDrafts: boolean): void;
}) {
  const { t } = useTranslation();
  const counter = (column: string, value: string, n: number, onDrafts = false) => {
    const on = active.some((f) => f.field === column && f.value === value);
    return (
      <Tag
        key={`${column}-${value}`}
        minimal={!on}
        round
        interactive
        intent={on ? 'primary' : tone(column, value)}
        data-testid={`counter-${value.replace(' ', '-')}`}
        aria-pressed={on}
        onClick={() => onPick(column, value, onDrafts)}
      >
        {valueLabel(t, value)}: {n}
        {summary.countCapped && n >= 10000 ? '+' : ''}
      </Tag>
    );
  };
  return (
    <span className="records-counters" role="group" aria-label={t('RECORDS.COUNTERS')}>
      {Object.entries(summary.byStatus).map(([s, n]) => counter('process_status', s, n))}
      {Object.entries(summary.byOutcome).map(([o, n]) => counter('process_outcome', o, n, o === 'Withdrawn'))}
    </span>
  );
}
