import { useState } from 'react';
import {
  Button,
  Callout,
  Card,
  FormGroup,
  H3,
  H5,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
  Tag,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { fieldRegistry } from '../../../../runtime/registry';
import { initialValues } from '../../../../runtime/record-engine';
import { useCompiledDefinition } from '../../../../runtime/react/use-compiled';
import { RecordForm } from '../../../../runtime/react/RecordForm';
import { errorMessage } from '../../api/client';
import { fetchForm } from '../../api/records';
import { serverMessage } from '../../api/entries';
import { scheduler, type Schedule } from '../../api/scheduler';
import { toastError, toastSuccess } from '../../components/toaster';
import '../modules/records.css';
import { useFormatDate } from '../../shell/dates';
import { useFieldDataSource } from '../../api/field-data';
import { queryKeys } from '../../realtime/query-keys';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Etc/UTC';

/** /schedule-editor/:moduleId[/:recordId]: the app's schedules, and one schedule (new or saved) with its runs. */
export function ScheduleEditorPage() {
  const fmt = useFormatDate();
  const when = (s?: string | null) => fmt(s, true) || '—';
  const { moduleId = '', recordId } = useParams();
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: queryKeys.schedules(moduleId),
    queryFn: () => scheduler.list(moduleId, 1, 100),
    staleTime: 0,
  });
  return (
    <main className="records-page">
      <header className="records-header">
        <H3>{t('SCHEDULER.TITLE')}</H3>
        <span className="spacer" />
        <Link to={`/module/${moduleId}`}>{t('SCHEDULER.BACK')}</Link>
      </header>
      <div className="schedule-layout">
        <Card>
          <H5>{t('SCHEDULER.LIST')}</H5>
          <HTMLTable compact striped className="records-table" aria-label={t('SCHEDULER.LIST')}>
            <thead>
              <tr>
                <th>{t('SCHEDULER.NAME')}</th>
                <th>{t('SCHEDULER.CRON')}</th>
                <th>{t('SCHEDULER.STATUS')}</th>
                <th>{t('SCHEDULER.NEXT_RUN')}</th>
              </tr>
            </thead>
            <tbody>
              {(list.data?.data ?? []).map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={`/schedule-editor/${moduleId}/${s.id}`}>{s.name}</Link>
                  </td>
                  <td>
                    <code>{s.cron}</code>
                  </td>
                  <td>
                    <Tag minimal intent={s.status === 'Active' ? Intent.SUCCESS : Intent.WARNING}>
                      {t(`SCHEDULER.${s.status.toUpperCase()}`)}
                    </Tag>
                  </td>
                  <td>{when(s.next_run_on)}</td>
                </tr>
              ))}
              {list.data && !list.data.data.length && (
                <tr>
                  <td colSpan={4}>{t('SCHEDULER.EMPTY')}</td>
                </tr>
              )}
            </tbody>
          </HTMLTable>
          <Link to={`/schedule-editor/${moduleId}`}>{t('SCHEDULER.NEW')}</Link>
        </Card>
        <ScheduleForm key={recordId ?? 'new'} moduleId={moduleId} scheduleId={recordId} />
      </div>
    </main>
  );
}

function ScheduleForm({ moduleId, scheduleId }: { moduleId: string; scheduleId?: string }) {
  const fmt = useFormatDate();
  const when = (s?: string | null) => fmt(s, true) || '—';
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const form = useQuery({ queryKey: queryKeys.form(moduleId), queryFn: () => fetchForm(moduleId) });
  const fieldData = useFieldDataSource(moduleId);
  const existing = useQuery({
    queryKey: queryKeys.schedule(scheduleId ?? ''),
    queryFn: () => scheduler.detail(scheduleId!),
    enabled: !!scheduleId,
    staleTime: 0,
  });
  const runs = useQuery({
    queryKey: queryKeys.scheduleRuns(scheduleId ?? ''),
    queryFn: () => scheduler.activities(scheduleId!),
    enabled: !!scheduleId,
    staleTime: 0,
  });
  const { compiled, waiting } = useCompiledDefinition(form.data?.definition, fieldRegistry);
  const [edit, setEdit] = useState<Partial<Schedule>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (form.isLoading || existing.isLoading || waiting) return <Spinner />;
  if (form.error || !compiled || !form.data)
    return <NonIdealState icon="error" title={form.error ? errorMessage(form.error) : ''} />;
  const s: Partial<Schedule> = {
    name: '',
    cron: '0 9 * * 1',
    timeZone: browserZone(),
    submit: true,
    data: initialValues(compiled),
    ...existing.data,
    ...edit,
  };

  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: queryKeys.schedules(moduleId) });
    await qc.invalidateQueries({ queryKey: queryKeys.schedule(scheduleId ?? '') });
  };
  const save = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const saved = await scheduler.save({ ...s, id: scheduleId, moduleId });
      void toastSuccess(t('SCHEDULER.SAVED'));
      setEdit({});
      await refresh();
      if (!scheduleId) navigate(`/schedule-editor/${moduleId}/${saved.id}`);
    } catch (err) {
      setError(serverMessage(err) ?? errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const act = async (fn: () => Promise<unknown>, done: string, leave = false) => {
    try {
      await fn();
      void toastSuccess(t(done));
      await refresh();
      if (leave) navigate(`/schedule-editor/${moduleId}`);
    } catch (err) {
      void toastError(serverMessage(err) ?? errorMessage(err));
    }
  };

  return (
    <Card className="schedule-form">
      <H5>{scheduleId ? s.name : t('SCHEDULER.NEW')}</H5>
      {error && (
        <Callout intent={Intent.DANGER} role="alert">
          {error}
        </Callout>
      )}
      <FormGroup label={t('SCHEDULER.NAME')} labelFor="schedule-name">
        <InputGroup id="schedule-name" value={s.name} onChange={(e) => setEdit({ ...edit, name: e.target.value })} />
      </FormGroup>
      <FormGroup label={t('SCHEDULER.CRON')} labelFor="schedule-cron" helperText={t('SCHEDULER.CRON_HELP')}>
        <InputGroup id="schedule-cron" value={s.cron} onChange={(e) => setEdit({ ...edit, cron: e.target.value })} />
      </FormGroup>
      <FormGroup label={t('SCHEDULER.TIME_ZONE')} labelFor="schedule-tz">
        <InputGroup
          id="schedule-tz"
          value={s.timeZone}
          onChange={(e) => setEdit({ ...edit, timeZone: e.target.value })}
        />
      </FormGroup>
      <Switch
        label={t('SCHEDULER.SUBMIT')}
        checked={!!s.submit}
        onChange={(e) => setEdit({ ...edit, submit: e.currentTarget.checked })}
      />
      <H5>{t('SCHEDULER.VALUES')}</H5>
      <RecordForm
        compiled={compiled}
        values={s.data ?? {}}
        access={form.data.access}
        onChange={(data) => setEdit({ ...edit, data })}
        data={fieldData}
      />
      <div className="action-bar">
        <Button
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          text={t('SCHEDULER.SAVE')}
          loading={busy}
          onClick={() => void save()}
        />
        {existing.data && (
          <>
            <Button
              icon={existing.data.status === 'Active' ? 'pause' : 'play'}
              text={t(existing.data.status === 'Active' ? 'SCHEDULER.PAUSE' : 'SCHEDULER.RESUME')}
              onClick={() =>
                void act(
                  () => scheduler.action(existing.data!.id, existing.data!.status === 'Active' ? 'pause' : 'resume'),
                  existing.data!.status === 'Active' ? 'SCHEDULER.PAUSED_DONE' : 'SCHEDULER.RESUMED_DONE',
                )
              }
            />
            <Button
              intent={Intent.DANGER}
              icon="trash"
              text={t('SCHEDULER.DELETE')}
              onClick={() => void act(() => scheduler.remove(existing.data!.id), 'SCHEDULER.DELETED', true)}
            />
          </>
        )}
      </div>
      {existing.data && (
        <>
          <p>
            {t('SCHEDULER.NEXT_RUN')}: {when(existing.data.next_run_on)} · {t('SCHEDULER.LAST_RUN')}:{' '}
            {when(existing.data.last_run_on)}
          </p>
          <H5>{t('SCHEDULER.RUNS')}</H5>
          <HTMLTable compact striped className="records-table" aria-label={t('SCHEDULER.RUNS')}>
            <tbody>
              {(runs.data?.data ?? []).map((r) => (
                <tr key={r.id}>
                  <td>{when(r.slot)}</td>
                  <td>
                    <Tag minimal intent={r.status === 'Succeeded' ? Intent.SUCCESS : Intent.DANGER}>
                      {t(`SCHEDULER.RUN_${r.status.toUpperCase()}`)}
                    </Tag>
                  </td>
                  <td>
                    {r.record_id ? (
                      <Link to={`/item-editor/${moduleId}/${r.record_id}`}>{t('SCHEDULER.OPEN_RECORD')}</Link>
                    ) : (
                      r.message
                    )}
                  </td>
                </tr>
              ))}
              {runs.data && !runs.data.data.length && (
                <tr>
                  <td>{t('SCHEDULER.NO_RUNS')}</td>
                </tr>
              )}
            </tbody>
          </HTMLTable>
        </>
      )}
    </Card>
  );
}
