import { useState } from 'react';
import { Button, Callout, ControlGroup, FormGroup, H5, HTMLSelect, InputGroup, Switch, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastSuccess } from '../../components/toaster';
import type { ReportParameter } from './api';
import { createSchedule, updateSchedule, type Schedule, type Timing } from './mailing-api';
import { answersOf, missingParameter, ParameterFields, parameterTexts } from './ParametersForm';
import { timingOf } from './schedule-timing';

type Preset = Timing['kind'];
const PRESETS: Preset[] = ['daily', 'weekly', 'monthly', 'cron'];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];
const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * A new mailing, or every field of one being edited: name, timetable, time zone, file format, recipients, the
 * report's parameter values for its runs (the viewer's inputs) and whether it is active.
 */
export function ScheduleForm(p: {
  reportId: string;
  parameters: ReportParameter[];
  editing?: Schedule;
  users: { id: string; name: string }[];
  admin: boolean;
  onSaved(): Promise<unknown>;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const s = p.editing;
  const start = s ? timingOf(s.cron) : ({ kind: 'daily', time: '07:00' } as Timing);
  const [name, setName] = useState(s?.name ?? '');
  const [preset, setPreset] = useState<Preset>(start.kind);
  const [time, setTime] = useState('time' in start ? start.time : '07:00');
  const [weekday, setWeekday] = useState(start.kind === 'weekly' ? start.weekday : 1);
  const [day, setDay] = useState(start.kind === 'monthly' ? start.day : 1);
  const [cron, setCron] = useState(start.kind === 'cron' ? start.cron : '0 7 * * 1-5');
  const [timeZone, setTimeZone] = useState(s?.timeZone ?? localZone());
  const [format, setFormat] = useState<'xlsx' | 'csv'>(s?.format ?? 'xlsx');
  const [recipients, setRecipients] = useState<string[]>(s?.recipients.users ?? []);
  const [choice, setChoice] = useState('');
  const [emails, setEmails] = useState((s?.recipients.emails ?? []).join(', '));
  const [values, setValues] = useState(() => parameterTexts(p.parameters, s?.parameters));
  const [active, setActive] = useState(s?.active ?? true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const missing = missingParameter(p.parameters, values);
  const timing: Timing =
    preset === 'cron'
      ? { kind: 'cron', cron }
      : preset === 'weekly'
        ? { kind: 'weekly', time, weekday }
        : preset === 'monthly'
          ? { kind: 'monthly', time, day }
          : { kind: 'daily', time };
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const body = {
        name: name.trim() || t('REPORTS.MAIL.DEFAULT_NAME'),
        timing,
        timeZone: timeZone.trim(),
        format,
        parameters: answersOf(p.parameters, values),
        recipients: { users: recipients, emails: emails.split(/[\s;,]+/).filter(Boolean) },
        active,
      };
      if (s) await updateSchedule(p.reportId, s.id, body);
      else await createSchedule(p.reportId, body);
      void toastSuccess(t('REPORTS.MAIL.SAVED'));
      await p.onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const nameOf = (id: string) => p.users.find((u) => u.id === id)?.name ?? id;
  return (
    <form
      className="report-mailing-form"
      data-testid="report-schedule-form"
      aria-label={s ? t('REPORTS.MAIL.EDITING', { name: s.name }) : t('REPORTS.MAIL.NEW')}
      onSubmit={(e) => {
        e.preventDefault();
        if (!missing) void save();
      }}
    >
      <H5 className="report-mailing-heading">
        {s ? (
          <>
            {t('REPORTS.MAIL.EDIT_TITLE')}: <span data-tenant-text>{s.name}</span>
          </>
        ) : (
          t('REPORTS.MAIL.NEW')
        )}
      </H5>
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
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
        <div className="report-shares" data-testid="report-schedule-recipients">
          {recipients.map((id) => (
            <Tag key={id} onRemove={() => setRecipients(recipients.filter((x) => x !== id))}>
              <span data-tenant-text>{nameOf(id)}</span>
            </Tag>
          ))}
        </div>
        <ControlGroup>
          <HTMLSelect id="mail-user" value={choice} onChange={(e) => setChoice(e.target.value)}>
            <option value="">{t('REPORTS.CHOOSE')}</option>
            {p.users.map((u) => (
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
      {(p.admin || emails) && (
        <FormGroup label={t('REPORTS.MAIL.EMAILS')} labelFor="mail-emails" helperText={t('REPORTS.MAIL.EMAILS_HINT')}>
          <InputGroup id="mail-emails" value={emails} onValueChange={setEmails} />
        </FormGroup>
      )}
      {p.parameters.length > 0 && (
        <fieldset className="report-mailing-params" data-testid="report-schedule-parameters">
          <legend>{t('REPORTS.MAIL.PARAMETERS')}</legend>
          <p className="bp6-text-muted">{t('REPORTS.MAIL.PARAMETERS_ABOUT')}</p>
          <ParameterFields parameters={p.parameters} values={values} onChange={setValues} idPrefix="mail-param" />
        </fieldset>
      )}
      <Switch
        checked={active}
        label={t('REPORTS.MAIL.ACTIVE_LABEL')}
        onChange={(e) => setActive(e.currentTarget.checked)}
      />
      <div className="report-mailing-actions">
        <Button
          type="submit"
          intent="primary"
          icon={s ? 'floppy-disk' : 'envelope'}
          text={s ? t('REPORTS.MAIL.SAVE_CHANGES') : t('REPORTS.MAIL.ADD')}
          loading={busy}
          disabled={missing}
        />
        {s && <Button text={t('REPORTS.MAIL.CANCEL_EDIT')} onClick={p.onCancel} />}
      </div>
    </form>
  );
}
