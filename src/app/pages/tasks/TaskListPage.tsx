import { useEffect, useState } from 'react';
import { Button, H3, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { tasks, type TaskRow } from '../../api/tasks';
import '../modules/records.css';
import { useFormatDate } from '../../shell/dates';
import { queryKeys } from '../../realtime/query-keys';

const PAGE_SIZES = [10, 20, 50, 100];
const COLUMNS: { key: keyof TaskRow; sort: string; label: string }[] = [
  { key: 'display_name', sort: 'display_name', label: 'TASKS.APP_NAME' },
  { key: 'activity_title', sort: 'activity_title', label: 'TASKS.PROCESS_STEP' },
  { key: 'task_type', sort: 'task_type', label: 'TASKS.TASK_TYPE' },
  { key: 'assigned_from_user', sort: 'assigned_from_user', label: 'TASKS.TASK_SOURCE' },
  { key: 'record_started_by', sort: 'record_started_by', label: 'TASKS.STARTED_BY' },
  { key: 'started_on', sort: 'started_on', label: 'TASKS.STARTED_AT' },
];

/** The badge text: the count, shown up to 9999 (spec section 9). */
export const badge = (n: number) => (n > 9999 ? '9999+' : String(n));

/** /tasks (Home): the user's open tasks; a row opens the task editor for that record and task. */
export function TaskListPage() {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [length, setLength] = useState(10);
  const [order, setOrder] = useState<{ column: string; dir: 'asc' | 'desc' }>({ column: 'started_on', dir: 'desc' });
  useEffect(() => {
    const id = setTimeout(() => {
      setSearch(input);
      setPage(1);
    }, 300);
    return () => clearTimeout(id);
  }, [input]);
  const list = useQuery({
    queryKey: queryKeys.taskList([search, page, length, order]),
    queryFn: () => tasks.list({ page, length, search, orders: [order] }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const total = useQuery({ queryKey: queryKeys.taskTotal(), queryFn: tasks.total, staleTime: 0 });
  const pages = Math.max(1, Math.ceil((list.data?.recordsFiltered ?? 0) / length));
  const sortBy = (column: string) => {
    setOrder(order.column === column ? { column, dir: order.dir === 'asc' ? 'desc' : 'asc' } : { column, dir: 'asc' });
    setPage(1);
  };

  return (
    <main className="records-page">
      <header className="records-header">
        <H3>{t('TASKS.TITLE')}</H3>
        {total.data !== undefined && (
          <Tag round intent="primary" aria-label={t('TASKS.OPEN_COUNT')}>
            {badge(total.data)}
          </Tag>
        )}
      </header>
      <div className="toolbar">
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t('TASKS.SEARCH')}
          aria-label={t('TASKS.SEARCH')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
      </div>
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <NonIdealState icon="error" title={errorMessage(list.error)} />
      ) : (
        <HTMLTable striped interactive compact className="records-table" aria-label={t('TASKS.TITLE')}>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <th
                  key={c.key}
                  aria-sort={order.column === c.sort ? (order.dir === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <Button
                    variant="minimal"
                    size="small"
                    text={t(c.label)}
                    rightIcon={order.column === c.sort ? (order.dir === 'asc' ? 'caret-up' : 'caret-down') : undefined}
                    onClick={() => sortBy(c.sort)}
                  />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(list.data?.data ?? []).map((r) => (
              <tr
                key={r.id}
                data-testid={`task-row-${r.id}`}
                onClick={() => navigate(`/task-editor/${r.module_id}/${r.record_id}/${r.id}`)}
              >
                {COLUMNS.map((c) => (
                  <td key={c.key}>{c.key === 'started_on' ? fmt(r.started_on, true) : String(r[c.key] ?? '')}</td>
                ))}
              </tr>
            ))}
            {list.data && !list.data.data.length && (
              <tr>
                <td colSpan={COLUMNS.length}>{t('TASKS.EMPTY')}</td>
              </tr>
            )}
          </tbody>
        </HTMLTable>
      )}
      <div className="pager">
        <HTMLSelect
          aria-label={t('TASKS.PAGE_SIZE')}
          value={length}
          onChange={(e) => (setLength(Number(e.target.value)), setPage(1))}
          options={PAGE_SIZES}
        />
        <Button
          variant="minimal"
          icon="chevron-left"
          aria-label={t('TASKS.PREVIOUS')}
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        />
        <span>{t('TASKS.PAGE_OF', { page, pages })}</span>
        <Button
          variant="minimal"
          icon="chevron-right"
          aria-label={t('TASKS.NEXT')}
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        />
      </div>
    </main>
  );
}
