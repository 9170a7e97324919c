import { useState, type KeyboardEvent } from 'react';
import { Button, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { cellText, cellValue, type CellValue, type DatasetColumn } from '../../../../runtime/dataset-columns';

export type Draft = Record<string, string>;

export const draftOf = (columns: DatasetColumn[], data: Record<string, CellValue> = {}): Draft =>
  Object.fromEntries(columns.map((c) => [c.key, cellText(data[c.key])]));

/** The first problem of a draft, checked as the server will check it (so most mistakes never make a round trip). */
export function draftProblem(columns: DatasetColumn[], draft: Draft): string | null {
  for (const c of columns) {
    const r = cellValue(c, draft[c.key]);
    if ('error' in r) return r.error;
  }
  return null;
}

function CellInput(props: { column: DatasetColumn; value: string; onChange: (v: string) => void; label: string }) {
  const { t } = useTranslation();
  const { column: c } = props;
  if (c.type === 'boolean')
    return (
      <HTMLSelect
        aria-label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        options={[
          { value: '', label: '' },
          { value: 'true', label: t('REFDATA.YES') },
          { value: 'false', label: t('REFDATA.NO') },
        ]}
      />
    );
  return (
    <InputGroup
      aria-label={props.label}
      type={c.type === 'date' ? 'date' : 'text'}
      inputMode={c.type === 'number' ? 'decimal' : undefined}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** One row of inputs in the dataset table: a new row at the foot, or a row being edited in place. */
export function RowEditor(props: {
  columns: DatasetColumn[];
  initial: Draft;
  /** Labels inputs "Name of new row" or "Name of row CC-100". */
  rowLabel: string;
  submitText: string;
  busy: boolean;
  onSubmit: (draft: Draft) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const p = draftProblem(props.columns, draft);
    setProblem(p);
    if (!p) props.onSubmit(draft);
  };
  // Enter saves the row and Escape leaves it, as in a spreadsheet.
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
      e.preventDefault();
      submit();
    } else if (e.key === 'Escape' && props.onCancel) props.onCancel();
  };
  return (
    <tr className="dataset-edit-row" onKeyDown={onKey}>
      {props.columns.map((c) => (
        <td key={c.key}>
          <CellInput
            column={c}
            label={t('REFDATA.CELL_OF', { column: c.label, row: props.rowLabel })}
            value={draft[c.key] ?? ''}
            onChange={(v) => setDraft((d) => ({ ...d, [c.key]: v }))}
          />
        </td>
      ))}
      <td className="dataset-row-actions">
        <Button intent={Intent.PRIMARY} small text={props.submitText} loading={props.busy} onClick={submit} />
        {props.onCancel && <Button small minimal text={t('REFDATA.CANCEL')} onClick={props.onCancel} />}
        {problem && (
          <div role="alert" className="dataset-problem">
            {problem}
          </div>
        )}
      </td>
    </tr>
  );
}
