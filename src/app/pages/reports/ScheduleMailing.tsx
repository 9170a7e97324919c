import { useState } from 'react';
import { Button, Callout, HTMLTable, Switch, Tag } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastSuccess } from '../../components/toaster';
import { configAtom } from '../../state/auth';
import { useFormatDate } from '../../shell/dates';
import { reportKeys, shareTargets, type ReportParameter } from './api';
import { bodyOf, deleteSchedule, listSchedules, scheduleKeys, updateSchedule, type Schedule } from './mailing-api';
import { ScheduleForm } from './ScheduleForm';

/** One schedule: its timetable, next run, the last runs (a failing one shows its error), pause and its actions. */
function ScheduleRow(p: { s: Schedule; editing: boolean; onEdit(): void; onToggle(): void; onDelete(): void }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const last = p.s.runs[0];
  const params = Object.entries(p.s.parameters);
  return (
    <tr data-testid="report-schedule" data-active={p.s.active} className={p.editing ? 'report-schedule-editing' : ''}>
      <td data-tenant-text>{p.s.name}</td>
      <td>
        <code>{p.s.cron}</code> · {p.s.timeZone} · {p.s.format.toUpperCase()}
        {params.length > 0 && (
          <div className="bp6-text-muted" data-testid="report-schedule-params" data-tenant-text>
            {params.map(([k, v]) => `${k}: ${v}`).join(' · ')}
          </div>
        )}
      </td>
      <td>{p.s.active && p.s.nextRunOn ? fmt(p.s.nextRunOn, true) : '—'}</td>
      <td>
        {last ? (
          <span
            title={p.s.runs
              .map((r) => `${fmt(r.startedOn, true)}: ${r.error ?? t('REPORTS.MAIL.RUN_OK', r)}`)
              .join('\n')}
          >
            {fmt(last.startedOn, true)} ·{' '}
            {last.error ? (
              <Tag intent="danger" data-testid="report-schedule-error">
                {last.error}
              </Tag>
            ) : (
              t('REPORTS.MAIL.RUN_OK', last)
            )}
          </span>
        ) : (
          <span className="bp6-text-muted">{t('REPORTS.MAIL.NEVER')}</span>
        )}
      </td>
      <td>
        <Switch
          className="report-schedule-active"
          checked={p.s.active}
          label={p.s.active ? t('REPORTS.MAIL.ACTIVE') : t('REPORTS.MAIL.PAUSED')}
          aria-label={t(p.s.active ? 'REPORTS.MAIL.PAUSE' : 'REPORTS.MAIL.RESUME', { name: p.s.name })}
          onChange={p.onToggle}
        />
      </td>
      <td className="report-actions">
        <Button
          small
          minimal
          icon="edit"
          aria-label={t('REPORTS.MAIL.EDIT', { name: p.s.name })}
          title={t('REPORTS.MAIL.EDIT', { name: p.s.name })}
          onClick={p.onEdit}
        />
        <Button
          small
          minimal
          icon="trash"
          intent="danger"
          aria-label={t('REPORTS.MAIL.DELETE', { name: p.s.name })}
          title={t('REPORTS.MAIL.DELETE', { name: p.s.name })}
          onClick={p.onDelete}
        />
      </td>
    </tr>
  );
}

/**
 * "Schedule mailing" on a saved report: the report is run as the schedule's owner at the chosen times, with the
 * schedule's parameter values, and mailed (XLSX or CSV, with a picture of its chart, key figures or table) to users
 * of the tenant or, for administrators, to other addresses. Each schedule can be edited, paused and deleted.
 */
export function ScheduleMailing(p: { reportId: string; parameters: ReportParameter[] }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const config = useAtomValue(configAtom);
  const admin = !!(config?.isSysAdmin || config?.isAdministrator);
  const schedules = useQuery({ queryKey: scheduleKeys.of(p.reportId), queryFn: () => listSchedules(p.reportId) });
  const people = useQuery({ queryKey: reportKeys.shareTargets, queryFn: shareTargets });
  const users = (people.data ?? []).filter((a) => a.type === 'user').map((a) => ({ id: a.id, name: a.name }));
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState(0);
  const refresh = () => qc.invalidateQueries({ queryKey: scheduleKeys.of(p.reportId) });
  const act = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await work();
      void toastSuccess(t(done));
      await refresh();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const current = schedules.data?.find((s) => s.id === editing);
  return (
    <fieldset className="report-part report-mailing" data-testid="report-mailing">
      <legend>{t('REPORTS.MAIL.TITLE')}</legend>
      <p className="bp6-text-muted">{t('REPORTS.MAIL.ABOUT')}</p>
      {schedules.data?.length ? (
        <HTMLTable compact striped className="report-schedules">
          <thead>
            <tr>
              <th>{t('REPORTS.NAME')}</th>
              <th>{t('REPORTS.MAIL.WHEN')}</th>
              <th>{t('REPORTS.MAIL.NEXT')}</th>
              <th>{t('REPORTS.MAIL.LAST')}</th>
              <th>{t('REPORTS.MAIL.STATUS')}</th>
              <th>{t('REPORTS.ACTIONS')}</th>
            </tr>
          </thead>
          <tbody>
            {schedules.data.map((s) => (
              <ScheduleRow
                key={s.id}
                s={s}
                editing={s.id === editing}
                onEdit={() => setEditing(s.id)}
                onToggle={() =>
                  void act(
                    () => updateSchedule(p.reportId, s.id, { ...bodyOf(s), active: !s.active }),
                    s.active ? 'REPORTS.MAIL.PAUSED_DONE' : 'REPORTS.MAIL.RESUMED_DONE',
                  )
                }
                onDelete={() => {
                  if (!window.confirm(t('REPORTS.MAIL.CONFIRM_DELETE', { name: s.name }))) return;
                  if (editing === s.id) setEditing(null);
                  void act(() => deleteSchedule(p.reportId, s.id), 'REPORTS.MAIL.DELETED');
                }}
              />
            ))}
          </tbody>
        </HTMLTable>
      ) : (
        <p className="bp6-text-muted">{t('REPORTS.MAIL.NONE')}</p>
      )}
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      <ScheduleForm
        key={current ? `edit-${current.id}` : `new-${created}`}
        reportId={p.reportId}
        parameters={p.parameters}
        editing={current}
        users={users}
        admin={admin}
        onSaved={async () => {
          setEditing(null);
          setCreated((n) => n + 1);
          await refresh();
        }}
        onCancel={() => setEditing(null)}
      />
    </fieldset>
  );
}
