import { useEffect, useState } from 'react';
import {
  Button,
  Callout,
  Card,
  FormGroup,
  H3,
  H5,
  HTMLSelect,
  InputGroup,
  Intent,
  NonIdealState,
  NumericInput,
  Spinner,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastSuccess } from '../../components/toaster';
import { useFormatDate } from '../../shell/dates';
import {
  automationDetail,
  createAutomation,
  runAutomationNow,
  testAutomation,
  updateAutomation,
  type Automation,
  type Run,
  type SaveAutomationBody,
  type Trigger,
} from './api';
import { RunsPanel, RunSteps } from './RunsPanel';
import { RunStatus } from './RunStatus';
import { RecordTriggerFields } from './RecordTriggerFields';
import { StepsEditor } from './StepsEditor';
import './automation.css';

type Draft = Required<SaveAutomationBody>;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const NEW: Draft = {
  name: '',
  description: '',
  active: true,
  trigger: { kind: 'interval', minutes: 60 },
  steps: [],
  misfire: 'once',
  notifyAfter: 3,
};
const draftOf = (a: Automation): Draft => ({
  name: a.name,
  description: a.description,
  active: a.active,
  trigger: a.trigger,
  steps: a.steps,
  misfire: a.misfire,
  notifyAfter: a.notifyAfter,
});

/** A trigger of another kind, keeping what can be kept. */
function triggerOf(kind: Trigger['kind']): Trigger {
  if (kind === 'schedule') return { kind, cron: '0 8 * * 1-5', timeZone: browserZone() };
  if (kind === 'interval') return { kind, minutes: 60 };
  if (kind === 'record') return { kind, moduleId: '', events: ['record.submitted'] };
  return { kind };
}

/**
 * /robotic-automation/add and /robotic-automation/{id}: an automation's trigger and steps, a dry run ("test") that
 * shows what each step would do, "run now", and (saved) its dashboard and execution log.
 */
export function AutomationPage() {
  const { t } = useTranslation();
  const fmt = useFormatDate();
  const { id = '' } = useParams();
  const isNew = !id;
  const qc = useQueryClient();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: ['automations', 'detail', id],
    queryFn: () => automationDetail(id),
    enabled: !isNew,
  });
  const [draft, setDraft] = useState<Draft>();
  const [busy, setBusy] = useState<'save' | 'test' | 'run' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ run: Run; dry: boolean } | null>(null);
  useEffect(() => {
    if (isNew) setDraft(NEW);
    else if (detail.data) setDraft(draftOf(detail.data));
  }, [isNew, detail.data]);

  if (!isNew && detail.error) return <NonIdealState icon="error" title={errorMessage(detail.error)} />;
  if (!draft) return <Spinner className="page-spinner" />;
  const set = (p: Partial<Draft>) => setDraft({ ...draft, ...p });
  const act = async (what: 'save' | 'test' | 'run', work: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const save = () =>
    act('save', async () => {
      const saved = isNew
        ? await createAutomation(draft)
        : await updateAutomation({ ...draft, id, version: detail.data!.version });
      void toastSuccess(t('RPA.SAVED'));
      await qc.invalidateQueries({ queryKey: ['automations'] });
      if (isNew) navigate(`/robotic-automation/${saved.id}`, { replace: true });
    });
  const test = () =>
    act('test', async () =>
      setResult({ run: await testAutomation({ id: id || undefined, steps: draft.steps }), dry: true }),
    );
  const runNow = () =>
    act('run', async () => {
      setResult({ run: await runAutomationNow(id), dry: false });
      await qc.invalidateQueries({ queryKey: ['automations'] });
    });
  const tr = draft.trigger;
  return (
    <main className="rpa-page">
      <header className="rpa-header">
        <H3>{isNew ? t('RPA.NEW') : draft.name}</H3>
        <span className="spacer" />
        <Link to="/robotic-automation">{t('RPA.ALL')}</Link>
      </header>
      {detail.data && (
        <p className="bp6-text-muted">
          {detail.data.nextRunOn ? t('RPA.NEXT_AT', { at: fmt(detail.data.nextRunOn, true) }) : t('RPA.NO_NEXT')}
          {detail.data.lastStatus && (
            <>
              {' · '}
              {t('RPA.LAST')} <RunStatus status={detail.data.lastStatus} />
            </>
          )}
        </p>
      )}
      <div className="rpa-columns">
        <div>
          <FormGroup label={t('RPA.NAME')} labelFor="rpa-name">
            <InputGroup id="rpa-name" value={draft.name} onValueChange={(name) => set({ name })} />
          </FormGroup>
          <FormGroup label={t('RPA.DESCRIPTION')} labelFor="rpa-description">
            <TextArea
              id="rpa-description"
              fill
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
            />
          </FormGroup>
          <Switch
            label={t('RPA.ACTIVE_LABEL')}
            checked={draft.active}
            onChange={(e) => set({ active: e.currentTarget.checked })}
          />
          <Card>
            <H5>{t('RPA.WHEN')}</H5>
            <div className="rpa-trigger">
              <FormGroup label={t('RPA.TRIGGER')} labelFor="rpa-trigger">
                <HTMLSelect
                  id="rpa-trigger"
                  value={tr.kind}
                  onChange={(e) => set({ trigger: triggerOf(e.target.value as Trigger['kind']) })}
                  options={(['interval', 'schedule', 'record', 'manual'] as const).map((k) => ({
                    value: k,
                    label: t(`RPA.KIND_${k.toUpperCase()}`),
                  }))}
                />
              </FormGroup>
              {tr.kind === 'interval' && (
                <FormGroup label={t('RPA.MINUTES')} labelFor="rpa-minutes">
                  <NumericInput
                    id="rpa-minutes"
                    buttonPosition="none"
                    min={1}
                    max={10080}
                    value={tr.minutes}
                    onValueChange={(n) =>
                      set({ trigger: { kind: 'interval', minutes: Math.max(1, Math.round(n || 1)) } })
                    }
                  />
                </FormGroup>
              )}
              {tr.kind === 'schedule' && (
                <>
                  <FormGroup label={t('RPA.CRON')} labelFor="rpa-cron" helperText={t('RPA.CRON_HELP')}>
                    <InputGroup
                      id="rpa-cron"
                      value={tr.cron}
                      onValueChange={(cron) => set({ trigger: { ...tr, cron } })}
                    />
                  </FormGroup>
                  <FormGroup label={t('RPA.TIME_ZONE')} labelFor="rpa-zone">
                    <InputGroup
                      id="rpa-zone"
                      value={tr.timeZone}
                      onValueChange={(timeZone) => set({ trigger: { ...tr, timeZone } })}
                    />
                  </FormGroup>
                </>
              )}
              {tr.kind === 'record' && <RecordTriggerFields trigger={tr} onChange={(trigger) => set({ trigger })} />}
              {(tr.kind === 'interval' || tr.kind === 'schedule') && (
                <FormGroup label={t('RPA.MISSED')} labelFor="rpa-misfire">
                  <HTMLSelect
                    id="rpa-misfire"
                    value={draft.misfire}
                    onChange={(e) => set({ misfire: e.target.value as Draft['misfire'] })}
                    options={[
                      { value: 'once', label: t('RPA.MISSED_ONCE') },
                      { value: 'skip', label: t('RPA.MISSED_SKIP') },
                    ]}
                  />
                </FormGroup>
              )}
              <FormGroup label={t('RPA.NOTIFY_AFTER')} labelFor="rpa-notify">
                <NumericInput
                  id="rpa-notify"
                  buttonPosition="none"
                  min={1}
                  max={100}
                  value={draft.notifyAfter}
                  onValueChange={(n) => set({ notifyAfter: Math.min(100, Math.max(1, Math.round(n || 1))) })}
                />
              </FormGroup>
            </div>
          </Card>
          <StepsEditor steps={draft.steps} onChange={(steps) => set({ steps })} />
          {error && (
            <Callout intent={Intent.DANGER} role="alert">
              {error}
            </Callout>
          )}
          <div className="rpa-header">
            <Button intent={Intent.PRIMARY} text={t('RPA.SAVE')} loading={busy === 'save'} onClick={save} />
            <Button icon="lab-test" text={t('RPA.TEST')} loading={busy === 'test'} onClick={test} />
            {!isNew && <Button icon="play" text={t('RPA.RUN_NOW')} loading={busy === 'run'} onClick={runNow} />}
          </div>
          {result && (
            <Card aria-label={t(result.dry ? 'RPA.TEST_RESULT' : 'RPA.RUN_RESULT')} data-testid="rpa-result">
              <H5>
                {t(result.dry ? 'RPA.TEST_RESULT' : 'RPA.RUN_RESULT')} <RunStatus status={result.run.status} />
              </H5>
              {result.dry && <p className="bp6-text-muted">{t('RPA.TEST_HELP')}</p>}
              {result.run.error && <p className="bp6-text-danger">{result.run.error}</p>}
              <RunSteps run={result.run} />
            </Card>
          )}
        </div>
        <div>{!isNew && <RunsPanel id={id} />}</div>
      </div>
    </main>
  );
}
