import { useMemo } from 'react';
import { Card, H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/charts/EChart';
import type { ChartKind, ReportColumn, ReportSpec, RunResult } from './api';
import { resultLabel, valueText } from './labels';
import { isFigure } from './spec';
import { useNumber } from './ResultTable';

/**
 * The result as a chart (ECharts, loaded with these pages only): one category per group row, one series per
 * measure (or per pivot value); a pie shows the first figure; a KPI shows the grand total of each measure.
 */
export function ResultChart(p: { result: RunResult; spec: ReportSpec; columns: ReportColumn[]; kind: ChartKind }) {
  const { t } = useTranslation();
  const num = useNumber();
  const { result, kind } = p;
  const groups = result.columns.filter((c) => c.role === 'group');
  const figures = result.columns.filter(isFigure);
  const label = (c: (typeof figures)[number]) => resultLabel(t, c, p.spec, p.columns);
  const option = useMemo(() => {
    const categories = result.rows.map((r) => groups.map((g) => valueText(t, r[g.key])).join(' / '));
    const value = (v: unknown) => (typeof v === 'number' ? v : null);
    if (kind === 'pie') {
      const f = figures[0];
      return {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0, type: 'scroll' },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            name: f ? label(f) : '',
            data: result.rows.map((r, i) => ({ name: categories[i], value: f ? value(r[f.key]) : null })),
          },
        ],
      };
    }
    return {
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0, type: 'scroll' },
      grid: { left: 56, right: 56, top: 16, bottom: 56 },
      xAxis: { type: 'category', data: categories },
      // A second figure (a sum beside a count) gets its own scale, so neither flattens the other.
      yAxis:
        figures.length > 1 ? [{ type: 'value' }, { type: 'value', splitLine: { show: false } }] : { type: 'value' },
      series: figures.map((f, i) => ({
        name: label(f),
        type: kind === 'bar' ? 'bar' : 'line',
        ...(figures.length > 1 ? { yAxisIndex: i === 0 ? 0 : 1 } : {}),
        ...(kind === 'area' ? { areaStyle: {} } : {}),
        data: result.rows.map((r) => value(r[f.key])),
      })),
    };
  }, [result, kind, t, p.spec, p.columns]);
  if (kind === 'none' || kind === 'table' || !figures.length) return null;
  if (kind === 'kpi' || !groups.length)
    return (
      <div className="report-kpis" data-testid="report-kpis">
        {result.columns
          .filter((c) => c.role === 'measure')
          .map((c) => (
            <Card key={c.key} className="report-kpi">
              <div className="bp6-text-muted" data-tenant-text>
                {label(c)}
              </div>
              <H2>{num(result.total[c.key])}</H2>
            </Card>
          ))}
      </div>
    );
  return (
    <div className="report-chart" data-testid="report-chart">
      <EChart option={option} height={280} label={t('REPORTS.CHART_LABEL', { title: result.title ?? '' })} />
    </div>
  );
}
