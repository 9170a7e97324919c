import { H4, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { botDashboard, chKeys, usageRows, type BotId, type Dashboard } from './api';

/** Calls per day as bars (errors in red on top of each), with the day's numbers as the bar's title. */
function TrafficChart({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...data.days.map((d) => d.calls));
  const w = 12;
  const h = 80;
  return (
    <svg
      className="ch-chart"
      role="img"
      aria-label={t('CH.CHART', { calls: data.calls, errors: data.errors, ms: data.averageMs })}
      viewBox={`0 0 ${data.days.length * w} ${h}`}
      preserveAspectRatio="none"
    >
      {data.days.map((d, i) => {
        const all = (d.calls / max) * h;
        const bad = (d.errors / max) * h;
        return (
          <g key={d.day}>
            <title>{t('CH.CHART_DAY', { day: d.day, calls: d.calls, errors: d.errors, ms: d.averageMs })}</title>
            <rect x={i * w + 1} y={h - all} width={w - 2} height={all - bad} className="ch-bar" />
            <rect x={i * w + 1} y={h - bad} width={w - 2} height={bad} className="ch-bar-error" />
          </g>
        );
      })}
    </svg>
  );
}

/** A bot's traffic: the last 30 days as a chart and totals, then every counted day as a table. */
export function UsagePanel({ bot }: { bot: BotId }) {
  const { t } = useTranslation();
  const dash = useQuery({ queryKey: [...chKeys.usage(bot), 'dash'], queryFn: () => botDashboard(bot) });
  const rows = useQuery({ queryKey: [...chKeys.usage(bot), 'rows'], queryFn: () => usageRows(bot) });
  return (
    <section className="ch-usage" aria-label={t('CH.USAGE')}>
      <H4>{t('CH.USAGE')}</H4>
      {dash.data && (
        <>
          <p data-testid="usage-totals">
            {t('CH.TOTALS', { calls: dash.data.calls, errors: dash.data.errors, ms: dash.data.averageMs })}
          </p>
          {dash.data.calls > 0 && <TrafficChart data={dash.data} />}
        </>
      )}
      {rows.isLoading ? (
        <Spinner size={20} />
      ) : !rows.data?.data.length ? (
        <NonIdealState icon="timeline-bar-chart" title={t('CH.NO_USAGE')} />
      ) : (
        <HTMLTable compact striped className="ch-table" aria-label={t('CH.USAGE')}>
          <thead>
            <tr>
              <th>{t('CH.DAY')}</th>
              <th>{t('CH.CALLS')}</th>
              <th>{t('CH.ERRORS')}</th>
              <th>{t('CH.AVERAGE_MS')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.data.data.map((r) => (
              <tr key={r.day}>
                <td>{r.day}</td>
                <td>{r.calls}</td>
                <td>{r.errors}</td>
                <td>{r.averageMs}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
