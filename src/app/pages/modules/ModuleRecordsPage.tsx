import { useEffect, useMemo, useState } from 'react';
import {
  Classes,
  Button,
  Checkbox,
  H3,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Popover,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { fetchForm } from '../../api/records';
import { entries, listConfig, serverMessage, type EntryPage, type ListFilter } from '../../api/entries';
import { toastError, toastSuccess } from '../../components/toaster';
import { ColumnFilter } from './ColumnFilter';
import { SummaryCounters, valueLabel } from './SummaryCounters';
import { cellText, visibleColumns } from './cells';
import { useFormatDate } from '../../shell/dates';
import './records.css';
import { queryKeys } from '../../realtime/query-keys';

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * /module/:moduleId: the app's records (or the user's drafts) with server-side paging (keyset cursors page by
 * page), sorting, search and per-column filters; hidden columns are saved per user; deletes are optimistic.
 */
export function ModuleRecordsPage() {
  const { moduleId = '' } = useParams();
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [tab, setTab] = useState<'records' | 'drafts'>('records');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [length, setLength] = useState(10);
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<{ column: string; dir: 'asc' | 'desc' }>();
  const [filters, setFilters] = useState<ListFilter[]>([]);
  // cursors[n]: where page n starts (from page n-1's nextCursor); reset whenever the result set changes.
  const [cursors, setCursors] = useState<Record<number, string | null>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const draft = tab === 'drafts';

  const reset = () => {
    setPage(1);
    setCursors({});
    setSelected(new Set());
  };
  useEffect(() => {
    // Only a changed search starts over; the first run on mount must not clear a selection made meanwhile.
    if (input === search) return;
    const id = setTimeout(() => {
      setSearch(input);
      reset();
    }, 300);
    return () => clearTimeout(id);
  }, [input, search]);

  const form = useQuery({ queryKey: queryKeys.form(moduleId), queryFn: () => fetchForm(moduleId) });
  const summary = useQuery({
    queryKey: queryKeys.summary(moduleId),
    queryFn: () => entries.summary(moduleId),
    staleTime: 0,
  });
  const config = useQuery({
    queryKey: queryKeys.moduleConfig(moduleId),
    queryFn: () => listConfig.get(moduleId),
    retry: false,
  });
  const listKey = queryKeys.recordList(moduleId, draft, [search, length, page, order, filters]);
  const list = useQuery({
    queryKey: listKey,
    queryFn: () =>
      entries.list(
        { moduleId, page, length, search, orders: order ? [order] : [], filters, cursor: cursors[page] ?? null },
        draft,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const [hidden, setHidden] = useState<string[]>();
  const saved = config.data?.userConfig?.records?.hidden;
  // System columns in the user's language; field columns carry the app's own labels.
  const columns = useMemo(
    () =>
      (list.data?.columns ?? []).map((c) =>
        c.field ? c : { ...c, name: t(`RECORDS.COLUMN.${c.data}`, { defaultValue: c.name }) },
      ),
    [list.data?.columns, t],
  );
  const shown = useMemo(() => visibleColumns(columns, hidden ?? saved), [columns, hidden, saved]);

  const remove = useMutation({
    mutationFn: (ids: string[]) => (ids.length === 1 ? entries.deleteById(ids[0]!) : entries.deleteByIds(ids)),
    onMutate: async (ids) => {
      await qc.cancelQueries({ queryKey: listKey });
      const before = qc.getQueryData<EntryPage>(listKey);
      if (before)
        qc.setQueryData<EntryPage>(listKey, { ...before, data: before.data.filter((r) => !ids.includes(r.id)) });
      return { before };
    },
    onError: (err, _ids, c) => {
      if (c?.before) qc.setQueryData(listKey, c.before);
      void toastError(serverMessage(err) ?? t('RECORDS.ERROR_DELETING'));
    },
    onSuccess: (_d, ids) => {
      setSelected(new Set());
      void toastSuccess(t('RECORDS.DELETED', { count: ids.length }));
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: queryKeys.records(moduleId) }),
  });

  async function saveHidden(next: string[]) {
    setHidden(next);
    try {
      await listConfig.set(moduleId, {
        hidden: next,
        visible: columns.filter((c) => !next.includes(c.data)).map((c) => c.data),
      });
      void qc.invalidateQueries({ queryKey: queryKeys.moduleConfig(moduleId) });
    } catch (err) {
      void toastError(errorMessage(err));
    }
  }

  if (form.error) return <NonIdealState icon="error" title={errorMessage(form.error)} />;
  const rows = list.data?.data ?? [];
  const total = list.data?.recordsFiltered ?? 0;
  const pages = Math.max(1, Math.ceil(total / length));
  const sortBy = (column: string) => {
    setOrder(order?.column === column ? { column, dir: order.dir === 'asc' ? 'desc' : 'asc' } : { column, dir: 'asc' });
    reset();
  };
  const setFilter = (field: string, f?: ListFilter) => {
    setFilters([...filters.filter((x) => x.field !== field), ...(f ? [f] : [])]);
    reset();
  };
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const currentHidden = hidden ?? saved ?? columns.slice(20).map((c) => c.data);

  return (
    <main className="records-page">
      <header className="records-header">
        <H3>{form.data?.display_name ?? ''}</H3>
        {summary.data && (
          <SummaryCounters
            summary={summary.data}
            active={filters}
            onPick={(column, value, onDrafts) => {
              setTab(onDrafts ? 'drafts' : 'records');
              setFilters([{ field: column, operator: 'eq', value }]);
              reset();
            }}
          />
        )}
        <span className="spacer" />
        <Button icon="time" text={t('RECORDS.SCHEDULES')} onClick={() => navigate(`/schedule-editor/${moduleId}`)} />
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('RECORDS.NEW')}
          onClick={() => navigate(`/item-editor/${moduleId}`)}
        />
      </header>
      <Tabs
        id="records-tabs"
        selectedTabId={tab}
        onChange={(id) => {
          setTab(id as 'records' | 'drafts');
          reset();
        }}
      >
        <Tab id="records" title={t('RECORDS.TAB_RECORDS')} />
        <Tab id="drafts" title={t('RECORDS.TAB_DRAFTS')} />
      </Tabs>
      {/* The tabs hold titles only; this is the panel they control. */}
      <div
        role="tabpanel"
        id={`${Classes.TAB_PANEL}_records-tabs_${tab}`}
        aria-labelledby={`${Classes.TAB}-title_records-tabs_${tab}`}
        className="records-panel"
      >
        <div className="toolbar">
          <InputGroup
            leftIcon="search"
            type="search"
            placeholder={t('RECORDS.SEARCH')}
            aria-label={t('RECORDS.SEARCH')}
            value={input}
            onChange={(e) => setInput(e.target.value)}
          />
          <Popover
            placement="bottom-start"
            content={
              <div className="column-chooser" role="group" aria-label={t('RECORDS.COLUMNS')}>
                {columns.map((c) => (
                  <Checkbox
                    key={c.data}
                    label={c.name}
                    checked={!currentHidden.includes(c.data)}
                    onChange={(e) =>
                      void saveHidden(
                        e.currentTarget.checked
                          ? currentHidden.filter((x) => x !== c.data)
                          : [...currentHidden, c.data],
                      )
                    }
                  />
                ))}
              </div>
            }
          >
            <Button icon="column-layout" text={t('RECORDS.COLUMNS')} />
          </Popover>
          {filters.length > 0 && (
            <Button icon="filter-remove" text={t('RECORDS.CLEAR_FILTERS')} onClick={() => (setFilters([]), reset())} />
          )}
          <Button
            intent={Intent.DANGER}
            icon="trash"
            disabled={!selected.size || remove.isPending}
            text={t('RECORDS.DELETE_SELECTED', { count: selected.size })}
            onClick={() => remove.mutate([...selected])}
          />
        </div>
        {list.isLoading ? (
          <Spinner />
        ) : list.error ? (
          <NonIdealState icon="error" title={errorMessage(list.error)} />
        ) : (
          <div className="records-scroll">
            <HTMLTable striped interactive compact className="records-table" aria-label={t('RECORDS.TITLE')}>
              <thead>
                <tr>
                  <th>
                    <Checkbox
                      aria-label={t('RECORDS.SELECT_ALL')}
                      checked={allChecked}
                      onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.id)))}
                    />
                  </th>
                  {shown.map((c) => (
                    <th
                      key={c.data}
                      // A field's label is the app's own text, not the product's (the language test skips it).
                      data-tenant-text={c.field || undefined}
                      aria-sort={
                        order?.column === c.data ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined
                      }
                    >
                      {c.orderable ? (
                        <Button
                          variant="minimal"
                          size="small"
                          text={c.name}
                          rightIcon={
                            order?.column === c.data ? (order.dir === 'asc' ? 'caret-up' : 'caret-down') : undefined
                          }
                          onClick={() => sortBy(c.data)}
                        />
                      ) : (
                        c.name
                      )}
                      {c.data !== 'tasks' && (
                        <ColumnFilter
                          column={c}
                          value={filters.find((f) => f.field === c.data)}
                          onChange={(f) => setFilter(c.data, f)}
                        />
                      )}
                    </th>
                  ))}
                  <th>
                    <span className="visually-hidden">{t('RECORDS.ACTIONS')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} data-testid={`record-row-${r.id}`}>
                    <td>
                      <Checkbox
                        aria-label={t('RECORDS.SELECT')}
                        checked={selected.has(r.id)}
                        onChange={() => {
                          const s = new Set(selected);
                          if (s.has(r.id)) s.delete(r.id);
                          else s.add(r.id);
                          setSelected(s);
                        }}
                      />
                    </td>
                    {shown.map((c) => (
                      <td key={c.data} onClick={() => navigate(`/task-editor/${moduleId}/${r.id}`)}>
                        {c.values ? valueLabel(t, cellText(r, c)) : cellText(r, c, (iso) => fmt(iso, true))}
                      </td>
                    ))}
                    <td>
                      <Button
                        size="small"
                        variant="minimal"
                        icon="trash"
                        aria-label={t('RECORDS.DELETE')}
                        onClick={() => remove.mutate([r.id])}
                      />
                    </td>
                  </tr>
                ))}
                {!rows.length && (
                  <tr>
                    <td colSpan={shown.length + 2}>{t('RECORDS.EMPTY')}</td>
                  </tr>
                )}
              </tbody>
            </HTMLTable>
          </div>
        )}
        <div className="pager">
          <HTMLSelect
            aria-label={t('RECORDS.PAGE_SIZE')}
            value={length}
            onChange={(e) => (setLength(Number(e.target.value)), reset())}
            options={PAGE_SIZES}
          />
          <Button
            variant="minimal"
            icon="chevron-left"
            aria-label={t('RECORDS.PREVIOUS')}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          />
          <span>{t('RECORDS.PAGE_OF', { page, pages: list.data?.countCapped ? `${pages}+` : pages })}</span>
          <Button
            variant="minimal"
            icon="chevron-right"
            aria-label={t('RECORDS.NEXT')}
            disabled={!list.data?.nextCursor}
            onClick={() => {
              setCursors({ ...cursors, [page + 1]: list.data!.nextCursor });
              setPage(page + 1);
            }}
          />
          <span className="muted">{t('RECORDS.TOTAL', { count: total })}</span>
        </div>
      </div>
    </main>
  );
}
