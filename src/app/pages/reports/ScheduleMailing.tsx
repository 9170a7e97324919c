import { useState } from 'react';
import { Button, Callout, ControlGroup, FormGroup, HTMLSelect, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastSuccess } from '../../components/toaster';
import { configAtom } from '../../state/auth';
import { useFormatDate } from '../../shell/dates';
import { reportKeys, shareTargets } from './api';
import { createSchedule, deleteSchedule, listSchedules, scheduleKeys, type Schedule, type Timing } from './mailing-api';

type Preset = Timing['kind'];
const PRESETS: Preset[] = ['daily', 'weekly', 'monthly', 'cron'];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** One schedule: its timetable, next run, and the last runs (a failing one shows its error). */
function ScheduleRow(p: { s: Schedule; onDelete(): void }) {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const last = p.s.runs[0];
  return (
    <tr data-testid="report-schedule">
      <td data-tenant-text>{p.s.name}</td>
      <td>
        <code>{p.s.cron}</code> · {p.s.timeZone} · {p.s.format.toUpperCase()}
      </td>
      <td>{p.s.nextRunOn ? fmt(p.s.nextRunOn, true) : '—'}</td>
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
        <Button small minimal icon="trash" aria-label={t('REPORTS.DELETE')} onClick={p.onDelete} />
      </td>
    </tr>
  );
}

/**
 * "Schedule mailing" on a saved report: the report is run as the schedule's owner at the chosen times and mailed
 * (XLSX or CSV, with its chart) to users of the tenant, or, for administrators, to other addresses.
 */
export function ScheduleMailing(p: { reportId: string; parameters: Record<string, string | number> }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const config = useAtomValue(configAtom);
  const admin = !!(config?.isSysAdmin || config?.isAdministrator);
  const schedules = useQuery({ queryKey: scheduleKeys.of(p.reportId), queryFn: () => listSchedules(p.reportId) });
  const people = useQuery({ queryKey: reportKeys.shareTargets, queryFn: shareTargets });
  const users = (people.data ?? []).filter((a) => a.type === 'user');
  const [name, setName] = useState('');
  const [preset, setPreset] = useState<Preset>('daily');
  const [time, setTime] = useState('07:00');
  const [weekday, setWeekday] = useState(1);
  const [day, setDay] = useState(1);
  const [cron, setCron] = useState('0 7 * * 1-5');
  const [timeZone, setTimeZone] = useState(localZone);
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [recipients, setRecipients] = useState<string[]>([]);
  const [choice, setChoice] = useState('');
  const [emails, setEmails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timing: Timing =
    preset === 'cron'
      ? { kind: 'cron', cron }
      : preset === 'weekly'
        ? { kind: 'weekly', time, weekday }
        : preset === 'monthly'
          ? { kind: 'monthly', time, day }
          : { kind: 'daily', time };
  const refresh = () => qc.invalidateQueries({ queryKey: scheduleKeys.of(p.reportId) });
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await createSchedule(p.reportId, {
        name: name.trim() || t('REPORTS.MAIL.DEFAULT_NAME'),
        timing,
        timeZone: timeZone.trim(),
        format,
        parameters: p.parameters,
        recipients: {
          users: recipients,
          emails: emails.split(/[\s;,]+/).filter(Boolean),
        },
      });
      void toastSuccess(t('REPORTS.MAIL.SAVED'));
      setName('');
      await refresh();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    try {
      await deleteSchedule(p.reportId, id);
      await refresh();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const nameOf = (id: string) => users.find((u) => u.id === id)?.name ?? id;
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
              <th>{t('REPORTS.ACTIONS')}</th>
            </tr>
          </thead>
          <tbody>
            {schedules.data.map((s) => (
              <ScheduleRow key={s.id} s={s} onDelete={() => void remove(s.id)} />
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
      <div className="report-mailing-form">
        <FormGroup label={t('REPORTS.NAME')} labelFor="mail-name">
          <InputGroup id="mail-name" value={name} maxLength={200} onValueChange={setName} />
        </FormGroup>
        <FormGroup label={t('REPORTS.MAIL.WHEN')} labelFor="mail-preset">
          <ControlGroup>
            <HTMLSelect id="mail-preset" value={preset} onChange={(e) => setPreset(e.target.value as Preset)}>
              {PRESETS.map((k) => (
                <option key={k} value={k}>
                  {t(`REPORTS.MAIL.PRESET.${k}`)}
                </option>
              ))}
            </HTMLSelect>
            {preset === 'weekly' && (
              <HTMLSelect
                aria-label={t('REPORTS.MAIL.WEEKDAY')}
                value={weekday}
                onChange={(e) => setWeekday(Number(e.target.value))}
              >
                {WEEKDAYS.map((d) => (
                  <option key={d} value={d}>
                    {t(`REPORTS.MAIL.DAY.${d}`)}
                  </option>
                ))}
              </HTMLSelect>
            )}
            {preset === 'monthly' && (
              <HTMLSelect
                aria-label={t('REPORTS.MAIL.DAY_OF_MONTH')}
                value={day}
                onChange={(e) => setDay(Number(e.target.value))}
              >
                {Array.from({ length: 28 }, (_, i) => i + 1).map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </HTMLSelect>
            )}
            {preset === 'cron' ? (
              <InputGroup
                aria-label={t('REPORTS.MAIL.CRON')}
                value={cron}
                onValueChange={setCron}
                placeholder="0 7 * * 1-5"
              />
            ) : (
              <InputGroup type="time" aria-label={t('REPORTS.MAIL.TIME')} value={time} onValueChange={setTime} />
            )}
          </ControlGroup>
        </FormGroup>
        <FormGroup label={t('REPORTS.MAIL.TIME_ZONE')} labelFor="mail-tz">
          <InputGroup id="mail-tz" value={timeZone} onValueChange={setTimeZone} />
        </FormGroup>
        <FormGroup label={t('REPORTS.MAIL.FORMAT')} labelFor="mail-format">
          <HTMLSelect id="mail-format" value={format} onChange={(e) => setFormat(e.target.value as 'xlsx' | 'csv')}>
            <option value="xlsx">XLSX</option>
            <option value="csv">CSV</option>
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('REPORTS.MAIL.RECIPIENTS')} labelFor="mail-user">
          <div className="report-shares">
            {recipients.map((id) => (
              <Tag key={id} onRemove={() => setRecipients(recipients.filter((x) => x !== id))}>
                <span data-tenant-text>{nameOf(id)}</span>
              </Tag>
            ))}
          </div>
          <ControlGroup>
            <HTMLSelect id="mail-user" value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value="">{t('REPORTS.CHOOSE')}</option>
              {users.map((u) => (
                <option key={u.id} value={u.id} data-tenant-text>
                  {u.name}
                </option>
              ))}
            </HTMLSelect>
            <Button
              icon="add"
              text={t('REPORTS.MAIL.ADD_RECIPIENT')}
              disabled={!choice}
              onClick={() => {
                if (!recipients.includes(choice)) setRecipients([...recipients, choice]);
                setChoice('');
              }}
            />
          </ControlGroup>
        </FormGroup>
        {admin && (
          <FormGroup label={t('REPORTS.MAIL.EMAILS')} labelFor="mail-emails" helperText={t('REPORTS.MAIL.EMAILS_HINT')}>
            <InputGroup id="mail-emails" value={emails} onValueChange={setEmails} />
          </FormGroup>
        )}
        <Button
          intent="primary"
          icon="envelope"
          text={t('REPORTS.MAIL.ADD')}
          loading={busy}
          onClick={() => void save()}
        />
      </div>
    </fieldset>
  );
}
