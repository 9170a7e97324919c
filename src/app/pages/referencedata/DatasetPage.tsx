import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  ButtonGroup,
  H3,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { cellText, type DatasetColumn } from '../../../../runtime/dataset-columns';
import {
  addRow,
  batchRows,
  deleteDataset,
  downloadExport,
  fetchRows,
  type BatchChanges,
  type Dataset,
  type DatasetRow,
} from './api';
import { ColumnsDialog } from './ColumnsDialog';
import { ImportDialog } from './ImportDialog';
import { draftOf, RowEditor, type Draft } from './RowEditor';

const PAGE = 50;

/** A draft's cells as sent: empty inputs as null, the rest as typed (the server converts and checks them). */
const cellsOf = (columns: DatasetColumn[], d: Draft) =>
  Object.fromEntries(columns.map((c) => [c.key, d[c.key] === '' ? null : d[c.key]]));

/** /referencedata/{id} for a dataset: rows edited, added, moved and deleted inline; search, keyset pages, import, export. */
export function DatasetPage({ dataset: ds }: { dataset: Dataset }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  // Cursors of the pages before this one: Previous pops, Next pushes.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const [editing, setEditing] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'columns' | 'import' | 'delete' | null>(null);
  const [addKey, setAddKey] = useState(0);
  useEffect(() => {
    const id = setTimeout(() => {
      setSearch(input.trim());
      setCursors([null]);
    }, 300);
    return () => clearTimeout(id);
  }, [input]);
  const rows = useQuery({
    queryKey: [...queryKeys.datasetRows(ds.id), search, cursor],
    queryFn: () => fetchRows(ds.id, search, cursor, PAGE),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys.datasets });
  const change = useMutation({
    mutationFn: (c: BatchChanges) => batchRows(ds.id, c),
    onSuccess: () => {
      setEditing(null);
      refresh();
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  const add = useMutation({
    mutationFn: (d: Draft) => addRow(ds.id, cellsOf(ds.columns, d)),
    onSuccess: (r) => {
      void toastSuccess(t('REFDATA.ROW_ADDED', { key: r.key }));
      setAddKey((k) => k + 1);
      refresh();
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: () => deleteDataset(ds.id),
    onSuccess: () => {
      void toastSuccess(t('REFDATA.DATASET_DELETED'));
      refresh();
      navigate('/referencedata');
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  const exportAs = (format: 'csv' | 'xlsx') => downloadExport(ds, format).catch((e) => toastError(errorMessage(e)));

  const list = rows.data?.data ?? [];
  const first = (cursors.length - 1) * PAGE + 1;
  const moveUp = (r: DatasetRow, i: number) => change.mutate({ move: [{ id: r.id, beforeId: list[i - 1]!.id }] });
  const moveDown = (r: DatasetRow, i: number) => change.mutate({ move: [{ id: list[i + 1]!.id, beforeId: r.id }] });
  const extension = ds.kind === 'user_extension';

  return (
    <main className="refdata-page dataset-page">
      <header className="refdata-header">
        {extension ? <H3>{t('REFDATA.USER_EXTENSION')}</H3> : <H3 data-tenant-text>{ds.name}</H3>}
        <Tag minimal>{t('REFDATA.ROW_COUNT', { count: ds.rowCount })}</Tag>
        <span className="spacer" />
        <Link to="/referencedata">{t('REFDATA.ALL_DATA')}</Link>
      </header>
      {ds.description && (
        <p className="bp6-text-muted" data-tenant-text>
          {ds.description}
        </p>
      )}
      <div className="refdata-toolbar">
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t('REFDATA.SEARCH_ROWS')}
          aria-label={t('REFDATA.SEARCH_ROWS')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <span className="spacer" />
        <ButtonGroup>
          <Button icon="th-derived" text={t('REFDATA.EDIT_COLUMNS')} onClick={() => setDialog('columns')} />
          <Button icon="import" text={t('REFDATA.IMPORT')} onClick={() => setDialog('import')} />
          <Button icon="export" text={t('REFDATA.EXPORT_CSV')} onClick={() => void exportAs('csv')} />
          <Button icon="export" text={t('REFDATA.EXPORT_XLSX')} onClick={() => void exportAs('xlsx')} />
          <Button
            icon="trash"
            intent={Intent.DANGER}
            text={t('REFDATA.DELETE_DATASET')}
            onClick={() => setDialog('delete')}
          />
        </ButtonGroup>
      </div>
      {rows.error ? (
        <NonIdealState icon="error" title={errorMessage(rows.error)} />
      ) : (
        <HTMLTable compact striped className="refdata-table dataset-rows" aria-label={t('REFDATA.ROWS')}>
          <thead>
            <tr>
              {ds.columns.map((c) => (
                <th key={c.key} scope="col">
                  <span data-tenant-text>{c.label}</span>
                  {c.key === ds.keyColumn && <span className="bp6-text-muted"> ({t('REFDATA.KEY')})</span>}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('REFDATA.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((r, i) =>
              editing === r.id ? (
                <RowEditor
                  key={r.id}
                  columns={ds.columns}
                  initial={draftOf(ds.columns, r.data)}
                  rowLabel={r.key}
                  submitText={t('REFDATA.SAVE')}
                  busy={change.isPending}
                  onSubmit={(d) => change.mutate({ update: [{ id: r.id, data: cellsOf(ds.columns, d) }] })}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <tr key={r.id} data-testid={`row-${r.key}`}>
                  {ds.columns.map((c) => (
                    <td key={c.key}>{c.type === 'boolean' ? boolText(t, r.data[c.key]) : cellText(r.data[c.key])}</td>
                  ))}
                  <td className="dataset-row-actions">
                    <Button
                      small
                      minimal
                      icon="edit"
                      aria-label={t('REFDATA.EDIT_ROW', { key: r.key })}
                      onClick={() => setEditing(r.id)}
                    />
                    <Button
                      small
                      minimal
                      icon="arrow-up"
                      aria-label={t('REFDATA.MOVE_ROW_UP', { key: r.key })}
                      disabled={i === 0 || !!search}
                      onClick={() => moveUp(r, i)}
                    />
                    <Button
                      small
                      minimal
                      icon="arrow-down"
                      aria-label={t('REFDATA.MOVE_ROW_DOWN', { key: r.key })}
                      disabled={i === list.length - 1 || !!search}
                      onClick={() => moveDown(r, i)}
                    />
                    <Button
                      small
                      minimal
                      icon="trash"
                      intent={Intent.DANGER}
                      aria-label={t('REFDATA.DELETE_ROW', { key: r.key })}
                      onClick={() => change.mutate({ delete: [r.id] })}
                    />
                  </td>
                </tr>
              ),
            )}
            <RowEditor
              key={`new-${addKey}`}
              columns={ds.columns}
              initial={draftOf(ds.columns)}
              rowLabel={t('REFDATA.NEW_ROW')}
              submitText={t('REFDATA.ADD_ROW')}
              busy={add.isPending}
              onSubmit={(d) => add.mutate(d)}
            />
          </tbody>
        </HTMLTable>
      )}
      {rows.isLoading && <Spinner size={24} />}
      <nav className="refdata-actions" aria-label={t('REFDATA.PAGES')}>
        <Button
          icon="chevron-left"
          text={t('REFDATA.PREVIOUS')}
          disabled={cursors.length === 1}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        />
        <span>
          {list.length
            ? t('REFDATA.SHOWING', {
                from: first,
                to: first + list.length - 1,
                total: rows.data?.recordsFiltered ?? 0,
                more: rows.data?.countCapped ? '+' : '',
              })
            : t('REFDATA.NO_ROWS')}
        </span>
        <Button
          rightIcon="chevron-right"
          text={t('REFDATA.NEXT')}
          disabled={!rows.data?.nextCursor}
          onClick={() => setCursors((c) => [...c, rows.data!.nextCursor!])}
        />
      </nav>
      {dialog === 'columns' && (
        <ColumnsDialog
          dataset={ds}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            void toastSuccess(t('REFDATA.DATASET_SAVED'));
            refresh();
          }}
        />
      )}
      {dialog === 'import' && (
        <ImportDialog
          dataset={ds}
          onClose={() => setDialog(null)}
          onImported={() => {
            setDialog(null);
            void toastSuccess(t('REFDATA.IMPORTED'));
            setCursors([null]);
            refresh();
          }}
        />
      )}
      <Alert
        isOpen={dialog === 'delete'}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('REFDATA.DELETE_DATASET')}
        cancelButtonText={t('REFDATA.CANCEL')}
        onCancel={() => setDialog(null)}
        onConfirm={() => remove.mutate()}
      >
        {t('REFDATA.CONFIRM_DELETE_DATASET', { name: ds.name })}
      </Alert>
    </main>
  );
}

function boolText(t: (k: string) => string, v: unknown) {
  return v === true ? t('REFDATA.YES') : v === false ? t('REFDATA.NO') : '';
}
