import { useState } from 'react';
import { Button, HTMLSelect, InputGroup, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { valueLabel } from './SummaryCounters';
import { FILTER_OPERATORS, UNARY, type FilterOperator, type ListColumn, type ListFilter } from '../../api/entries';

/** A column's filter: operator (spec section 3) and value; a column of a fixed set of values offers them. */
export function ColumnFilter({
  column,
  value,
  onChange,
}: {
  column: ListColumn;
  value?: ListFilter;
  onChange(f?: ListFilter): void;
}) {
  const { t } = useTranslation();
  const choices = column.values;
  const operators = choices ? (['eq', 'neq'] as FilterOperator[]) : FILTER_OPERATORS;
  const [op, setOp] = useState<FilterOperator>(value?.operator ?? 'eq');
  const [text, setText] = useState(value?.value === undefined ? (choices?.[0] ?? '') : String(value.value));
  const unary = UNARY.includes(op);
  const label = t('RECORDS.FILTER_BY', { name: column.name });
  return (
    <Popover
      placement="bottom"
      content={
        <form
          className="column-filter"
          onSubmit={(e) => {
            e.preventDefault();
            onChange({ field: column.data, operator: op, ...(unary ? {} : { value: text }) });
          }}
        >
          <HTMLSelect
            aria-label={t('RECORDS.OPERATOR')}
            value={op}
            onChange={(e) => setOp(e.target.value as FilterOperator)}
            options={operators.map((o) => ({ value: o, label: t(`RECORDS.OP.${o}`) }))}
          />
          {!unary &&
            (choices ? (
              <HTMLSelect
                aria-label={t('RECORDS.VALUE')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                options={choices.map((v) => ({ value: v, label: valueLabel(t, v) }))}
              />
            ) : (
              <InputGroup
                aria-label={t('RECORDS.VALUE')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoFocus
              />
            ))}
          <Button type="submit" intent="primary" text={t('RECORDS.APPLY')} />
          {value && <Button text={t('RECORDS.CLEAR')} onClick={() => onChange(undefined)} />}
        </form>
      }
    >
      <Button size="small" variant="minimal" icon="filter" active={!!value} aria-label={label} title={label} />
    </Popover>
  );
}
