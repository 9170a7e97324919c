import { useState } from 'react';
import { Button, HTMLSelect, InputGroup, Popover } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { FILTER_OPERATORS, UNARY, type FilterOperator, type ListColumn, type ListFilter } from '../../api/entries';

const STATUS_VALUES = ['Running', 'Completed', 'Faulted', 'Not Started'];

/** A column's filter: operator (spec section 3) and value; process status offers its four values. */
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
  const status = column.data === 'process_status';
  const operators = status ? (['eq', 'neq'] as FilterOperator[]) : FILTER_OPERATORS;
  const [op, setOp] = useState<FilterOperator>(value?.operator ?? 'eq');
  const [text, setText] = useState(
    value?.value === undefined ? (status ? STATUS_VALUES[0]! : '') : String(value.value),
  );
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
            (status ? (
              <HTMLSelect
                aria-label={t('RECORDS.VALUE')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                options={STATUS_VALUES.map((s) => ({ value: s, label: t(`RECORDS.STATUS.${s.replace(' ', '_')}`) }))}
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
