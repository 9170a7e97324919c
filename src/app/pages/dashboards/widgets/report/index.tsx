import { useMemo } from 'react';
import { FormGroup, HTMLSelect, HTMLTable, Icon } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../../components/charts/EChart';
import { listReports, runReport, type RunResult } from '../../api';
import { Loaded, WidgetError } from '../../parts';
import type { WidgetEditorProps, WidgetKind, WidgetViewProps } from '../types';

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0) || 0);

/** A saved report drawn as its chart: bars, lines, areas, a pie, a key figure with its trend, or a table. */
function ReportChart({ r }: { r: RunResult }) {
  const { t } = useTranslation();
  const group = r.columns.find((c) => c.role === 'group');
  const series = r.columns.filter((c) => c.role === 'measure' || c.role === 'pivot');
  const option = useMemo(() => {
    const names = r.rows.map((row) => String(group ? (row[group.key] ?? '—') : ''));
    if (r.chart === 'pie')
      return {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'pie',
            radius: '65%',
            data: r.rows.map((row, n) => ({ name: names[n], value: num(row[series[0]?.key ?? 'count']) })),
          },
        ],
      };
    const line = r.chart === 'line' || r.chart === 'area';
    return {
      grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: names },
      yAxis: { type: 'value' },
      series: series.map((c) => ({
        name: c.label,
        type: line ? 'line' : 'bar',
        ...(r.chart === 'area' ? { areaStyle: {} } : {}),
        data: r.rows.map((row) => num(row[c.key])),
      })),
    };
  }, [r, group, series]);
  if (r.chart === 'kpi') {
    const key = series[0]?.key ?? 'count';
    const last = r.rows.at(-1);
    const before = r.rows.at(-2);
    const change = last && before && num(before[key]) ? (num(last[key]) - num(before[key])) / num(before[key]) : null;
    return (
      <div className="dash-kpi" data-testid="report-kpi">
        <strong>{num(r.total[key]).toLocaleString()}</strong>
        <span className="bp6-text-muted">{series[0]?.label}</span>
        {change !== null && (
          <span className={change >= 0 ? 'dash-up' : 'dash-down'}>
            <Icon icon={change >= 0 ? 'arrow-up' : 'arrow-down'} size={12} /> {Math.round(change * 100)} %
          </span>
        )}
      </div>
    );
  }
  if (r.chart === 'table' || r.chart === 'none' || !series.length)
    return (
      <HTMLTable compact striped className="dash-table" aria-label={r.title ?? t('DASHBOARDS.KIND_REPORT')}>
        <thead>
          <tr>
            {r.columns.map((c) => (
              <th key={c.key}>{c.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {r.rows.slice(0, 50).map((row, n) => (
            <tr key={n}>
              {r.columns.map((c) => (
                <td key={c.key} data-tenant-text>
                  {row[c.key] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  return (
    <div data-tenant-text>
      <EChart option={option} label={r.title ?? t('DASHBOARDS.KIND_REPORT')} height={200} />
    </div>
  );
}

function View({ settings, filters }: WidgetViewProps) {
  const { t } = useTranslation();
  const reportId = (settings.reportId as string) || '';
  const q = useQuery({
    queryKey: ['dashboards', 'widget', 'report', reportId, filters],
    queryFn: () => runReport(reportId, filters),
    enabled: !!reportId,
    retry: false,
  });
  if (!reportId) return <WidgetError error={t('DASHBOARDS.CHOOSE_REPORT_FIRST')} />;
  return <Loaded q={q}>{(r) => <ReportChart r={r} />}</Loaded>;
}

function Editor({ settings, onChange, idPrefix }: WidgetEditorProps) {
  const { t } = useTranslation();
  const reports = useQuery({ queryKey: ['dashboards', 'reports'], queryFn: () => listReports() });
  return (
    <FormGroup label={t('DASHBOARDS.REPORT')} labelFor={`${idPrefix}-report`}>
      <HTMLSelect
        id={`${idPrefix}-report`}
        value={(settings.reportId as string) ?? ''}
        onChange={(e) => onChange({ ...settings, reportId: e.target.value })}
        options={[
          { value: '', label: t('DASHBOARDS.CHOOSE_REPORT') },
          ...(reports.data?.data ?? []).map((r) => ({ value: r.id, label: r.name })),
        ]}
      />
    </FormGroup>
  );
}

export const widget: WidgetKind = {
  kind: 'report',
  icon: 'chart',
  titleKey: 'DASHBOARDS.KIND_REPORT',
  size: { w: 6, h: 6 },
  defaults: { reportId: '' },
  View,
  Editor,
};
