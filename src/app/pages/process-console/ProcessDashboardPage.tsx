import { useMemo, useState } from 'react';
import { Card, H3, H5, HTMLSelect, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { EChart } from '../../components/charts/EChart';
import { dashboard, statusKey } from './api';
import './process-console.css';

/** /process/dashboard (system administrators, opened in a new tab): instances over time, faults, slowest steps. */
export function ProcessDashboardPage() {
  const { t } = useTranslation();
  const [days, setDays] = useState(30);
  const q = useQuery({ queryKey: ['process-console', 'dashboard', days], queryFn: () => dashboard(days) });
  const d = q.data;
  const perDay = useMemo(
    () =>
      d && {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 40, right: 16, top: 36, bottom: 30 },
        xAxis: { type: 'category', data: d.days.map((x) => x.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { name: t('PROCESSCONSOLE.DASH.STARTED'), type: 'bar', data: d.days.map((x) => x.started) },
          { name: t('PROCESSCONSOLE.DASH.COMPLETED'), type: 'bar', data: d.days.map((x) => x.completed) },
        ],
      },
    [d, t],
  );
  const faults = useMemo(
    () =>
      d && {
        tooltip: { trigger: 'axis' },
        grid: { left: 40, right: 16, top: 20, bottom: 30 },
        xAxis: { type: 'category', data: d.days.map((x) => x.day.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          {
            name: t('PROCESSCONSOLE.DASH.FAULTED'),
            type: 'line',
            smooth: true,
            color: '#cd4246',
            data: d.days.map((x) => x.faulted),
          },
        ],
      },
    [d, t],
  );
  const status = useMemo(
    () =>
      d && {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            data: d.byStatus.filter((s) => s.count).map((s) => ({ name: t(statusKey(s.status)), value: s.count })),
          },
        ],
      },
    [d, t],
  );
  return (
    <main className="pcon-page">
      <header className="pcon-header">
        <H3>{t('PROCESSCONSOLE.DASH.TITLE')}</H3>
        <span className="spacer" />
        <HTMLSelect
          aria-label={t('PROCESSCONSOLE.DASH.PERIOD')}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {[7, 30, 90].map((n) => (
            <option key={n} value={n}>
              {t('PROCESSCONSOLE.DASH.DAYS', { count: n })}
            </option>
          ))}
        </HTMLSelect>
      </header>
      {q.isLoading ? (
        <Spinner />
      ) : q.error || !d ? (
        <NonIdealState icon="error" title={errorMessage(q.error)} />
      ) : (
        <div className="pcon-charts">
          <Card className="pcon-card">
            <H5>{t('PROCESSCONSOLE.DASH.PER_DAY')}</H5>
            <EChart option={perDay!} label={t('PROCESSCONSOLE.DASH.PER_DAY')} />
          </Card>
          <Card className="pcon-card">
            <H5>{t('PROCESSCONSOLE.DASH.FAULT_TREND')}</H5>
            <EChart option={faults!} label={t('PROCESSCONSOLE.DASH.FAULT_TREND')} />
          </Card>
          <Card className="pcon-card">
            <H5>{t('PROCESSCONSOLE.DASH.BY_STATUS')}</H5>
            <EChart option={status!} label={t('PROCESSCONSOLE.DASH.BY_STATUS')} />
          </Card>
          <Card className="pcon-card">
            <H5>{t('PROCESSCONSOLE.DASH.SLOWEST')}</H5>
            {d.slowest.length ? (
              <HTMLTable compact striped className="pcon-table">
                <thead>
                  <tr>
                    <th>{t('PROCESSCONSOLE.APP')}</th>
                    <th>{t('PROCESSCONSOLE.STEP')}</th>
                    <th>{t('PROCESSCONSOLE.DASH.MEDIAN')}</th>
                    <th>{t('PROCESSCONSOLE.DASH.TASKS')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.slowest.map((s) => (
                    <tr key={`${s.appName}:${s.step}`}>
                      <td data-tenant-text>{s.appName}</td>
                      <td data-tenant-text>{s.step}</td>
                      <td>{t('PROCESSCONSOLE.DASH.HOURS', { count: s.medianHours })}</td>
                      <td>{s.count}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            ) : (
              <p className="bp6-text-muted">{t('PROCESSCONSOLE.DASH.NO_TASKS')}</p>
            )}
          </Card>
        </div>
      )}
    </main>
  );
}
