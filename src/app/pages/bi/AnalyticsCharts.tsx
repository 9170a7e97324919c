import { useMemo } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/charts/EChart';
import type { ProcessAnalytics } from '../dashboards/api';

export const VIEWS = ['steps', 'throughput', 'returns', 'sla', 'holders'] as const;
export type AnalyticsView = (typeof VIEWS)[number];
export const VIEW_KEY: Record<AnalyticsView, string> = {
  steps: 'DASHBOARDS.VIEW_STEPS',
  throughput: 'DASHBOARDS.VIEW_THROUGHPUT',
  returns: 'DASHBOARDS.VIEW_RETURNS',
  sla: 'DASHBOARDS.VIEW_SLA',
  holders: 'DASHBOARDS.VIEW_HOLDERS',
};

/** Durations in the unit that suits the longest one: hours, minutes or seconds. */
function unitFor(seconds: number[]): { key: string; size: number } {
  const most = Math.max(0, ...seconds);
  if (most >= 3600) return { key: 'DASHBOARDS.UNIT_HOURS', size: 3600 };
  if (most >= 60) return { key: 'DASHBOARDS.UNIT_MINUTES', size: 60 };
  return { key: 'DASHBOARDS.UNIT_SECONDS', size: 1 };
}
const inUnit = (s: number, size: number) => Math.round((s / size) * 10) / 10;
const bars = (names: string[], series: { name: string; data: number[]; stack?: string }[]) => ({
  grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
  legend: { top: 0 },
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'category', data: names, axisLabel: { interval: 0, overflow: 'truncate', width: 140 } },
  yAxis: { type: 'value' },
  series: series.map((s) => ({ type: 'bar', barMaxWidth: 56, ...s })),
});

/** One view of an app's process analytics as a chart (or, for SLA breaches, a table). */
export function AnalyticsChart({
  d,
  view,
  height = 220,
}: {
  d: ProcessAnalytics;
  view: AnalyticsView;
  height?: number;
}) {
  const { t } = useTranslation();
  const option = useMemo(() => {
    switch (view) {
      case 'steps': {
        const u = unitFor(d.steps.map((s) => s.p90Seconds));
        const unit = t(u.key);
        return bars(
          d.steps.map((s) => s.title),
          [
            { name: t('DASHBOARDS.MEDIAN', { unit }), data: d.steps.map((s) => inUnit(s.medianSeconds, u.size)) },
            { name: t('DASHBOARDS.P90', { unit }), data: d.steps.map((s) => inUnit(s.p90Seconds, u.size)) },
          ],
        );
      }
      case 'throughput':
        return {
          ...bars(
            d.throughput.map((w) => w.week),
            [
              { name: t('DASHBOARDS.APPROVED'), data: d.throughput.map((w) => w.approved), stack: 'w' },
              { name: t('DASHBOARDS.REJECTED'), data: d.throughput.map((w) => w.rejected), stack: 'w' },
            ],
          ),
        };
      case 'returns': {
        const steps = [...new Set(d.returns.map((r) => r.title))];
        const outcomes = [...new Set(d.returns.map((r) => r.outcome))];
        return bars(
          steps,
          outcomes.map((o) => ({
            name: o === 'Rejected' ? t('DASHBOARDS.REJECTED') : t('DASHBOARDS.SENT_BACK'),
            data: steps.map((s) => d.returns.find((r) => r.title === s && r.outcome === o)?.count ?? 0),
          })),
        );
      }
      case 'holders':
        return bars(
          d.holders.map((h) => h.name),
          [
            { name: t('DASHBOARDS.OPEN_TASKS'), data: d.holders.map((h) => h.open - h.overdue), stack: 'h' },
            { name: t('DASHBOARDS.OVERDUE'), data: d.holders.map((h) => h.overdue), stack: 'h' },
          ],
        );
      default:
        return null;
    }
  }, [d, view, t]);
  const empty =
    (view === 'steps' && !d.steps.length) ||
    (view === 'throughput' && !d.throughput.length) ||
    (view === 'returns' && !d.returns.length) ||
    (view === 'holders' && !d.holders.length);
  if (empty) return <p className="bp6-text-muted">{t('DASHBOARDS.NOTHING_YET')}</p>;
  if (view === 'sla')
    return (
      <div className="bi-sla">
        <p>
          <strong data-testid="sla-open">{d.sla.open}</strong> {t('DASHBOARDS.SLA_OPEN', { hours: d.slaHours })} ·{' '}
          <strong>{d.sla.closed}</strong> {t('DASHBOARDS.SLA_CLOSED', { hours: d.slaHours })}
        </p>
        {d.sla.steps.length > 0 && (
          <HTMLTable compact striped aria-label={t('DASHBOARDS.VIEW_SLA')}>
            <thead>
              <tr>
                <th>{t('DASHBOARDS.STEP')}</th>
                <th>{t('DASHBOARDS.STILL_OPEN')}</th>
                <th>{t('DASHBOARDS.CLOSED_LATE')}</th>
              </tr>
            </thead>
            <tbody>
              {d.sla.steps.map((s) => (
                <tr key={s.activityId}>
                  <td data-tenant-text>{s.title}</td>
                  <td>{s.open}</td>
                  <td>{s.closed}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </div>
    );
  // Axis labels are the tenant's step titles and people's names.
  return option ? (
    <div data-tenant-text>
      <EChart option={option} label={t(VIEW_KEY[view])} height={height} />
    </div>
  ) : null;
}
