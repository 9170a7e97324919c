import { useMemo, useState } from 'react';
import { Button, H5, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { Pager } from '../../components/Pager';
import { EChart } from '../../components/charts/EChart';
import { useFormatDate } from '../../shell/dates';
import { configAtom } from '../../state/auth';
import { toastError, toastSuccess } from '../../components/toaster';
import { automationDashboard, cancelRun, executedRuns, type DashboardFigures, type Run } from './api';
import { RunStatus } from './RunStatus';

/** What each step of a run did: its result, time, and the start of its output or its error. */
export function RunSteps({ run }: { run: Run }) {
  const { t } = useTranslation();
  return (
    <ol className="rpa-outcome">
      {run.steps.map((s) => (
        <li key={s.id} data-testid={`outcome-${s.id}`}>
          <strong>{s.id}</strong> <RunStatus status={s.status} /> {t('RPA.MS', { ms: s.ms })}
          {s.error && <pre className="bp6-text-danger">{s.error}</pre>}
          {s.output !== undefined && <pre>{JSON.stringify(s.output, null, 2)}</pre>}
        </li>
      ))}
    </ol>
  );
}

/** Runs per day, stacked succeeded over failed, and the average time of a run as a line on its own axis. */
function RunsChart({ d }: { d: DashboardFigures }) {
  const { t } = useTranslation();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 40, right: 56, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: d.days.map((x) => x.day.slice(5)) },
      yAxis: [
        { type: 'value', minInterval: 1, name: t('RPA.RUNS') },
        { type: 'value', name: 'ms', splitLine: { show: false } },
      ],
      series: [
        {
          name: t('RPA.STATUS_SUCCEEDED'),
          type: 'bar',
          stack: 'runs',
          color: '#238551',
          data: d.days.map((x) => x.succeeded),
        },
        {
          name: t('RPA.STATUS_FAILED'),
          type: 'bar',
          stack: 'runs',
          color: '#cd4246',
          data: d.days.map((x) => x.failed),
        },
        {
          name: t('RPA.AVERAGE_TIME'),
          type: 'line',
          yAxisIndex: 1,
          color: '#2d72d2',
          connectNulls: true,
          data: d.days.map((x) => x.avgMs),
        },
      ],
    }),
    [d, t],
  );
  return <EChart option={option} label={t('RPA.RUNS_PER_DAY')} height={220} />;
}

/** Runs per day as a chart and a table (succeeded and failed), with the success rate and the average time. */
function Dashboard({ id }: { id: string }) {
  const { t } = useTranslation();
  const board = useQuery({ queryKey: ['automations', 'dashboard', id], queryFn: () => automationDashboard(id, 14) });
  if (!board.data) return board.isLoading ? <Spinner size={20} /> : null;
  const d = board.data;
  const most = Math.max(1, ...d.days.map((x) => x.runs));
  return (
    <section aria-label={t('RPA.DASHBOARD')}>
      <H5>{t('RPA.DASHBOARD')}</H5>
      <div className="rpa-figures">
        <span>
          <strong data-testid="rpa-runs">{d.runs}</strong>
          {t('RPA.RUNS_14_DAYS')}
        </span>
        <span>
          <strong data-testid="rpa-success">{d.successRate === null ? '—' : `${d.successRate} %`}</strong>
          {t('RPA.SUCCESS_RATE')}
        </span>
        <span>
          <strong>{d.avgMs === null ? '—' : t('RPA.MS', { ms: d.avgMs })}</strong>
          {t('RPA.AVERAGE_TIME')}
        </span>
      </div>
      <RunsChart d={d} />
      <HTMLTable compact aria-label={t('RPA.RUNS_PER_DAY')}>
        <thead>
          <tr>
            <th>{t('RPA.DAY')}</th>
            <th>{t('RPA.RUNS')}</th>
            <th>{t('RPA.AVERAGE_TIME')}</th>
          </tr>
        </thead>
        <tbody>
          {d.days
            .filter((x) => x.runs)
            .map((x) => (
              <tr key={x.day}>
                <td>{x.day}</td>
                <td>
                  <span
                    className="rpa-bar rpa-bar-ok"
                    style={{ width: `${(x.succeeded / most) * 120}px` }}
                    aria-hidden
                  />
                  <span
                    className="rpa-bar rpa-bar-failed"
                    style={{ width: `${(x.failed / most) * 120}px` }}
                    aria-hidden
                  />{' '}
                  {t('RPA.DAY_RUNS', { ok: x.succeeded, failed: x.failed })}
                </td>
                <td>{x.avgMs === null ? '—' : t('RPA.MS', { ms: x.avgMs })}</td>
              </tr>
            ))}
        </tbody>
      </HTMLTable>
    </section>
  );
}

/** Administrators stop a run under way or waiting; what it did stays done. */
function CancelRun({ run }: { run: Run }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const config = useAtomValue(configAtom);
  const [busy, setBusy] = useState(false);
  if (!(config?.isSysAdmin || config?.isAdministrator) || !['Running', 'Waiting'].includes(run.status)) return null;
  return (
    <Button
      small
      intent="warning"
      loading={busy}
      text={t('RPA.CANCEL_RUN')}
      onClick={async () => {
        setBusy(true);
        try {
          await cancelRun(run.id);
          toastSuccess(t('RPA.RUN_CANCELLED'));
          await qc.invalidateQueries({ queryKey: ['automations'] });
        } catch (err) {
          toastError(errorMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

/** The execution log of one automation (newest first, each run's steps on demand) and its dashboard. */
export function RunsPanel({ id }: { id: string }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const runs = useQuery({
    queryKey: ['automations', 'runs', id, page],
    queryFn: () => executedRuns(id, page),
    // A run under way writes its progress (a bulk update, batch by batch): the log follows it.
    refetchInterval: (q) => (q.state.data?.data.some((r) => r.status === 'Running') ? 2000 : false),
  });
  const pages = Math.max(1, Math.ceil((runs.data?.recordsFiltered ?? 0) / 10));
  return (
    <>
      <Dashboard id={id} />
      <section aria-label={t('RPA.LOG')}>
        <H5>{t('RPA.LOG')}</H5>
        {runs.isLoading ? (
          <Spinner size={20} />
        ) : runs.error ? (
          <NonIdealState icon="error" title={errorMessage(runs.error)} />
        ) : !runs.data?.data.length ? (
          <p className="bp6-text-muted">{t('RPA.NO_RUNS')}</p>
        ) : (
          <HTMLTable compact striped aria-label={t('RPA.LOG')}>
            <thead>
              <tr>
                <th>{t('RPA.STARTED')}</th>
                <th>{t('RPA.HOW')}</th>
                <th>{t('RPA.RESULT')}</th>
                <th>{t('RPA.TIME')}</th>
                <th>
                  <span className="visually-hidden">{t('RPA.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {runs.data.data.map((r) => (
                <tr key={r.id} data-testid="run-row">
                  <td>
                    {fmt(r.startedOn, true)}
                    {open === r.id && <RunSteps run={r} />}
                  </td>
                  <td>{t(`RPA.TRIGGER_${r.trigger.toUpperCase()}`)}</td>
                  <td>
                    <RunStatus status={r.status} /> <CancelRun run={r} />
                  </td>
                  <td>{r.durationMs === null ? '—' : t('RPA.MS', { ms: r.durationMs })}</td>
                  <td>
                    <Button
                      small
                      minimal
                      icon={open === r.id ? 'chevron-up' : 'chevron-down'}
                      aria-label={t(open === r.id ? 'RPA.HIDE_STEPS' : 'RPA.SHOW_STEPS')}
                      onClick={() => setOpen(open === r.id ? null : r.id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
        <Pager
          page={page}
          pages={pages}
          onPage={setPage}
          texts={{ previous: t('RPA.PREVIOUS'), next: t('RPA.NEXT'), page: t('RPA.PAGE', { page, pages }) }}
        />
      </section>
    </>
  );
}
