import { useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
} from '@blueprintjs/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { COLUMN_TYPES, columnKeyOf, type ColumnType, type DatasetColumn } from '../../../../runtime/dataset-columns';
import { saveDataset, type Dataset } from './api';

/**
 * A dataset's name and typed columns, or a new dataset's. Changing a column's type converts the rows that fit; when
 * any row does not, the server refuses the change and says which.
 */
export function ColumnsDialog(props: {
  dataset?: Dataset;
  /** A new User Extension: keyed by user name. */
  kind?: 'user_extension';
  onClose: () => void;
  onSaved: (d: Dataset) => void;
}) {
  const { t } = useTranslation();
  const ds = props.dataset;
  const extension = (ds?.kind ?? props.kind) === 'user_extension';
  const [name, setName] = useState(ds?.name ?? (extension ? 'User Extension' : ''));
  const [description, setDescription] = useState(ds?.description ?? '');
  const [columns, setColumns] = useState<DatasetColumn[]>(
    ds?.columns ?? [
      extension
        ? { key: 'username', label: 'User name', type: 'text', required: true }
        : { key: 'code', label: 'Code', type: 'text', required: true },
    ],
  );
  const [keyColumn, setKeyColumn] = useState(ds?.keyColumn ?? (extension ? 'username' : 'code'));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      saveDataset({
        ...(ds ? { id: ds.id, version: ds.version } : props.kind ? { kind: props.kind } : {}),
        name,
        description: description || null,
        columns,
        keyColumn,
      }),
    onSuccess: props.onSaved,
    onError: (e) => setError(errorMessage(e)),
  });
  const edit = (i: number, patch: Partial<DatasetColumn>) =>
    setColumns((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const addColumn = () =>
    setColumns((cs) => {
      const key = columnKeyOf(`column ${cs.length + 1}`, new Set(cs.map((c) => c.key)));
      return [...cs, { key, label: `Column ${cs.length + 1}`, type: 'text' }];
    });
  const locked = (c: DatasetColumn) => extension && c.key === 'username';

  return (
    <Dialog
      isOpen
      onClose={props.onClose}
      title={t(ds ? 'REFDATA.COLUMNS_TITLE' : extension ? 'REFDATA.USER_EXTENSION' : 'REFDATA.NEW_DATASET')}
      style={{ width: 720 }}
    >
      <DialogBody>
        <FormGroup label={t('REFDATA.DATASET_NAME')} labelFor="dataset-name">
          <InputGroup id="dataset-name" value={name} onChange={(e) => setName(e.target.value)} />
        </FormGroup>
        <FormGroup label={t('REFDATA.DESCRIPTION')} labelFor="dataset-description">
          <InputGroup id="dataset-description" value={description} onChange={(e) => setDescription(e.target.value)} />
        </FormGroup>
        <HTMLTable compact className="refdata-table" aria-label={t('REFDATA.COLUMNS')}>
          <thead>
            <tr>
              <th>{t('REFDATA.COLUMN_LABEL')}</th>
              <th>{t('REFDATA.COLUMN_KEY')}</th>
              <th>{t('REFDATA.COLUMN_TYPE')}</th>
              <th>{t('REFDATA.REQUIRED_COLUMN')}</th>
              <th>{t('REFDATA.KEY_COLUMN')}</th>
              <th>
                <span className="visually-hidden">{t('REFDATA.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {columns.map((c, i) => (
              <tr key={i}>
                <td>
                  <InputGroup
                    aria-label={t('REFDATA.COLUMN_LABEL_OF', { n: i + 1 })}
                    value={c.label}
                    disabled={locked(c)}
                    onChange={(e) => edit(i, { label: e.target.value })}
                  />
                </td>
                <td>
                  <InputGroup
                    aria-label={t('REFDATA.COLUMN_KEY_OF', { n: i + 1 })}
                    value={c.key}
                    disabled={locked(c)}
                    onChange={(e) => {
                      if (keyColumn === c.key) setKeyColumn(e.target.value);
                      edit(i, { key: e.target.value });
                    }}
                  />
                </td>
                <td>
                  <HTMLSelect
                    className="dataset-type-select"
                    aria-label={t('REFDATA.COLUMN_TYPE_OF', { n: i + 1 })}
                    value={c.type}
                    disabled={locked(c)}
                    onChange={(e) => edit(i, { type: e.target.value as ColumnType })}
                    options={COLUMN_TYPES.map((ty) => ({ value: ty, label: t(`REFDATA.TYPE_${ty.toUpperCase()}`) }))}
                  />
                </td>
                <td>
                  <Checkbox
                    aria-label={t('REFDATA.REQUIRED_OF', { n: i + 1 })}
                    checked={!!c.required || keyColumn === c.key}
                    disabled={keyColumn === c.key}
                    onChange={(e) => edit(i, { required: (e.target as HTMLInputElement).checked })}
                  />
                </td>
                <td>
                  <input
                    type="radio"
                    name="key-column"
                    aria-label={t('REFDATA.KEY_COLUMN_OF', { n: i + 1 })}
                    checked={keyColumn === c.key}
                    disabled={extension}
                    onChange={() => setKeyColumn(c.key)}
                  />
                </td>
                <td>
                  <Button
                    minimal
                    small
                    icon="trash"
                    aria-label={t('REFDATA.REMOVE_COLUMN', { n: i + 1 })}
                    disabled={columns.length === 1 || keyColumn === c.key}
                    onClick={() => setColumns((cs) => cs.filter((_, j) => j !== i))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <Button icon="add" text={t('REFDATA.ADD_COLUMN')} onClick={addColumn} className="dataset-add-column" />
        {error && (
          <Callout intent={Intent.DANGER} role="alert" className="dataset-callout">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('REFDATA.CANCEL')} onClick={props.onClose} />
            <Button
              intent={Intent.PRIMARY}
              text={t('REFDATA.SAVE')}
              loading={save.isPending}
              onClick={() => save.mutate()}
            />
          </>
        }
      />
    </Dialog>
  );
}
