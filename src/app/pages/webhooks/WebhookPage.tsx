import { useEffect, useState } from 'react';
import {
  Button,
  Callout,
  Checkbox,
  FormGroup,
  H3,
  H4,
  InputGroup,
  Intent,
  NonIdealState,
  Radio,
  RadioGroup,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { fetchApplications } from '../apps/api';
import { saveWebhook, webhookDetail, WEBHOOK_EVENTS, type SaveWebhookBody, type Webhook } from './api';
import { eventLabelKey } from './events';
import { ExecutionLog } from './ExecutionLog';
import { WebhookState } from './WebhookState';
import './webhooks.css';

type SecretMode = 'keep' | 'new' | 'own' | 'none';

interface Draft {
  name: string;
  url: string;
  events: string[];
  moduleIds: string[];
  active: boolean;
  secretMode: SecretMode;
  ownSecret: string;
}

const draftOf = (h: Webhook): Draft => ({
  name: h.name,
  url: h.url,
  events: h.events,
  moduleIds: h.moduleIds,
  active: h.active,
  secretMode: h.hasSecret ? 'keep' : 'none',
  ownSecret: '',
});

const NEW: Draft = {
  name: '',
  url: '',
  events: ['record.submitted', 'record.completed'],
  moduleIds: [],
  active: true,
  secretMode: 'new',
  ownSecret: '',
};

const secretOf = (d: Draft): Pick<SaveWebhookBody, 'secret' | 'newSecret'> =>
  d.secretMode === 'new'
    ? { newSecret: true }
    : d.secretMode === 'own'
      ? { secret: d.ownSecret.trim() }
      : d.secretMode === 'none'
        ? { secret: null }
        : {};

/** /webhooks/add and /webhooks/{id}: a webhook's target, events, apps and secret, and (saved) its execution log. */
export function WebhookPage() {
  const { id = 'add' } = useParams();
  const isNew = id === 'add';
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const detail = useQuery({ queryKey: queryKeys.webhook(id), queryFn: () => webhookDetail(id), enabled: !isNew });
  const apps = useQuery({
    queryKey: ['webhooks', 'apps'],
    queryFn: () => fetchApplications({ page: 1, length: 100, search: '' }),
  });
  const [draft, setDraft] = useState<Draft>();
  const [busy, setBusy] = useState(false);
  const [shownSecret, setShownSecret] = useState<string>();
  useEffect(() => {
    if (isNew) setDraft(NEW);
    else if (detail.data) setDraft(draftOf(detail.data));
  }, [isNew, detail.data]);

  if (detail.error) return <NonIdealState icon="error" title={errorMessage(detail.error)} />;
  if (!draft) return <Spinner />;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value);
  const save = async () => {
    setBusy(true);
    try {
      const saved = await saveWebhook({
        ...(isNew ? {} : { id, version: detail.data?.version }),
        name: draft.name,
        url: draft.url,
        events: draft.events as SaveWebhookBody['events'],
        moduleIds: draft.moduleIds,
        active: draft.active,
        ...secretOf(draft),
      });
      setShownSecret(saved.secret);
      void toastSuccess(t('WH.SAVED'));
      await qc.invalidateQueries({ queryKey: queryKeys.webhooks });
      if (isNew) navigate(`/webhooks/${saved.id}`, { replace: true });
      else setDraft(draftOf(saved));
    } catch (err) {
      void toastError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const hasSecret = !isNew && !!detail.data?.hasSecret;
  const modes: SecretMode[] = isNew
    ? ['new', 'own', 'none']
    : hasSecret
      ? ['keep', 'new', 'own', 'none']
      : ['none', 'new', 'own'];
  return (
    <main className="wh-page">
      <header className="wh-header">
        <H3 data-tenant-text={!isNew}>{isNew ? t('WH.NEW') : detail.data?.name}</H3>
        {detail.data && <WebhookState hook={detail.data} />}
        <span className="spacer" />
        <Link to="/webhooks">{t('WH.BACK')}</Link>
        <Button
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          text={t('WH.SAVE')}
          loading={busy}
          onClick={() => void save()}
        />
      </header>
      {shownSecret && (
        <Callout intent={Intent.WARNING} icon="key" title={t('WH.SECRET_ONCE')}>
          <p className="wh-secret" data-testid="webhook-secret">
            {shownSecret}
          </p>
          <Button
            small
            icon="duplicate"
            text={t('WH.COPY')}
            onClick={() => void navigator.clipboard?.writeText(shownSecret)}
          />
        </Callout>
      )}
      {detail.data?.disabledReason && !detail.data.active && (
        <Callout intent={Intent.DANGER} icon="disable">
          {detail.data.disabledReason}
        </Callout>
      )}
      <div className="wh-editor">
        <section aria-label={t('WH.SETTINGS')}>
          <FormGroup label={t('WH.NAME')} labelFor="wh-name">
            <InputGroup id="wh-name" value={draft.name} onValueChange={(v) => set({ name: v })} />
          </FormGroup>
          <FormGroup label={t('WH.URL')} labelFor="wh-url" helperText={t('WH.URL_HELP')}>
            <InputGroup
              id="wh-url"
              type="url"
              placeholder="https://"
              value={draft.url}
              onValueChange={(v) => set({ url: v })}
            />
          </FormGroup>
          <Switch
            label={t('WH.ACTIVE')}
            checked={draft.active}
            onChange={(e) => set({ active: e.currentTarget.checked })}
          />
          <FormGroup label={t('WH.EVENTS')}>
            <div className="wh-events" role="group" aria-label={t('WH.EVENTS')}>
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox
                  key={e}
                  label={t(eventLabelKey(e))}
                  checked={draft.events.includes(e)}
                  onChange={(ev) => set({ events: toggle(draft.events, e, ev.currentTarget.checked) })}
                />
              ))}
            </div>
          </FormGroup>
          <FormGroup label={t('WH.APPS')} helperText={t('WH.APPS_HELP')}>
            <div className="wh-events" role="group" aria-label={t('WH.APPS')}>
              {(apps.data?.data ?? []).map((a) => (
                <Checkbox
                  key={a.id}
                  label={a.display_name}
                  data-tenant-text
                  checked={draft.moduleIds.includes(a.id)}
                  onChange={(ev) => set({ moduleIds: toggle(draft.moduleIds, a.id, ev.currentTarget.checked) })}
                />
              ))}
            </div>
          </FormGroup>
          <RadioGroup
            label={t('WH.SIGNING')}
            selectedValue={draft.secretMode}
            onChange={(e) => set({ secretMode: e.currentTarget.value as SecretMode })}
          >
            {modes.map((m) => (
              <Radio key={m} value={m} label={t(`WH.SECRET_${m.toUpperCase()}`)} />
            ))}
          </RadioGroup>
          {draft.secretMode === 'own' && (
            <FormGroup label={t('WH.OWN_SECRET')} labelFor="wh-secret" helperText={t('WH.OWN_SECRET_HELP')}>
              <InputGroup
                id="wh-secret"
                type="password"
                autoComplete="off"
                value={draft.ownSecret}
                onValueChange={(v) => set({ ownSecret: v })}
              />
            </FormGroup>
          )}
        </section>
        <section aria-label={t('WH.LOG')}>
          <H4>{t('WH.LOG')}</H4>
          {isNew ? <p className="bp6-text-muted">{t('WH.LOG_AFTER_SAVE')}</p> : <ExecutionLog webhookId={id} />}
        </section>
      </div>
    </main>
  );
}
