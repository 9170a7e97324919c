import { Button, Drawer, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { useFormatDate } from '../../shell/dates';
import { drillReport, reportKeys, type ReportColumn, type ReportSpec, type RunBody } from './api';
import { columnLabel, valueText } from './labels';
import type { DrillTarget } from './ResultTable';

const PAGE = 50;

/** The columns worth showing beside each record: those the report groups and measures by, else the first few. */
function shownColumns(spec: ReportSpec, columns: ReportColumn[]): ReportColumn[] {
  const used = new Set([
    ...(spec.groupBy ?? []).map((g) => g.column),
    ...(spec.measures ?? []).flatMap((m) => (m.column ? [m.column] : [])),
    ...(spec.columns ?? []),
  ]);
  const picked = columns.filter((c) => used.has(c.key) && c.key !== 'process_status');
  return picked.length ? picked.slice(0, 6) : columns.filter((c) => c.key !== 'process_status').slice(0, 4);
}

const text = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'object'
      ? String((v as { label?: unknown }).label ?? JSON.stringify(v))
      : String(v);

/** The records behind one figure, page by page, each a link to its record; the count equals the figure. */
export function DrillDrawer(p: {
  body: RunBody;
  spec: ReportSpec;
  columns: ReportColumn[];
  target: DrillTarget | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const target = p.target;
  const key = { ...p.body, group: target?.group ?? {} };
  const pages = useInfiniteQuery({
    queryKey: reportKeys.drill(key),
    queryFn: ({ pageParam }) => drillReport({ ...key, length: PAGE, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: !!target,
  });
  const rows = pages.data?.pages.flatMap((x) => x.rows) ?? [];
  const total = pages.data?.pages[0]?.total;
  const shown = shownColumns(p.spec, p.columns);
  const show = (c: ReportColumn, v: unknown) =>
    c.kind === 'date' && typeof v === 'string' ? fmt(v, v.length > 10) : text(v);
  return (
    <Drawer
      isOpen={!!target}
      onClose={p.onClose}
      title={target?.title ?? ''}
      icon="search-template"
      size="min(760px, 100%)"
      portalClassName="shell-overlay"
    >
      <div className="report-drawer-body" data-testid="report-drill">
        {pages.isLoading ? (
          <Spinner size={24} />
        ) : pages.error ? (
          <NonIdealState icon="error" title={errorMessage(pages.error)} />
        ) : (
          <>
            <p aria-live="polite" data-testid="report-drill-total" data-total={total ?? 0}>
              {t('REPORTS.DRILL_COUNT', { count: total ?? 0 })}
            </p>
            {rows.length > 0 && (
              <HTMLTable compact striped className="report-table" aria-label={t('REPORTS.DRILL_RECORDS')}>
                <thead>
                  <tr>
                    <th>{t('REPORTS.RECORD')}</th>
                    <th>{t('RECORDS.COLUMN.process_status')}</th>
                    {shown.map((c) => (
                      <th key={c.key} data-tenant-text>
                        {columnLabel(t, c)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id} data-testid="report-drill-row">
                      <td>
                        <Link to={`/item-editor/${r.moduleId}/${r.id}`}>#{r.sequence_number ?? r.id.slice(0, 8)}</Link>
                      </td>
                      <td>{valueText(t, r.process_status)}</td>
                      {shown.map((c) => (
                        <td key={c.key} data-tenant-text>
                          {show(c, r.data[c.key] ?? (r as unknown as Record<string, unknown>)[c.key])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
            {pages.hasNextPage && (
              <Button
                icon="more"
                text={t('REPORTS.LOAD_MORE')}
                loading={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
              />
            )}
          </>
        )}
      </div>
    </Drawer>
  );
}
