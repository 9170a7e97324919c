import { useState } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, Icon, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { appPermissions, explain, people, recordsOf, type Explanation } from './api';

const VERDICTS = ['create', 'view', 'edit', 'delete', 'design', 'reports', 'open', 'listed', 'saveDraft'] as const;

/** Pick a user and an app (and optionally a record): the access module's checks, rule by rule. */
export function ExplainTab() {
  const { t } = useTranslation();
  const apps = useQuery({ queryKey: ['rolesperm', 'apps'], queryFn: appPermissions });
  const folks = useQuery({ queryKey: ['rolesperm', 'people'], queryFn: people });
  const [userId, setUserId] = useState('');
  const [moduleId, setModuleId] = useState('');
  const [recordId, setRecordId] = useState('');
  const records = useQuery({
    queryKey: ['rolesperm', 'records', moduleId],
    queryFn: () => recordsOf(moduleId),
    enabled: !!moduleId,
  });
  const run = useMutation({ mutationFn: () => explain({ userId, moduleId, ...(recordId && { recordId }) }) });
  const error = apps.error ?? folks.error;
  if (error) return <Callout intent={Intent.DANGER}>{errorMessage(error)}</Callout>;
  if (!apps.data || !folks.data) return <Spinner size={24} />;
  return (
    <section className="rolesperm-section">
      <p className="bp6-text-muted">{t('ROLESPERM.EXPLAIN.ABOUT')}</p>
      <div className="rolesperm-pickers">
        <FormGroup label={t('ROLESPERM.EXPLAIN.USER')} labelFor="rolesperm-user">
          <HTMLSelect id="rolesperm-user" value={userId} onChange={(e) => setUserId(e.target.value)}>
            <option value="">{t('ROLESPERM.EXPLAIN.PICK_USER')}</option>
            {folks.data.users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.fullname} ({u.username})
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('ROLESPERM.APP')} labelFor="rolesperm-explain-app">
          <HTMLSelect
            id="rolesperm-explain-app"
            value={moduleId}
            onChange={(e) => {
              setModuleId(e.target.value);
              setRecordId('');
            }}
          >
            <option value="">{t('ROLESPERM.EXPLAIN.PICK_APP')}</option>
            {apps.data.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('ROLESPERM.EXPLAIN.RECORD')} labelFor="rolesperm-record">
          <HTMLSelect
            id="rolesperm-record"
            value={recordId}
            disabled={!records.data}
            onChange={(e) => setRecordId(e.target.value)}
          >
            <option value="">{t('ROLESPERM.EXPLAIN.APP_ONLY')}</option>
            {records.data?.map((r) => (
              <option key={r.id} value={r.id}>
                {[
                  r.is_draft ? t('ROLESPERM.EXPLAIN.DRAFT') : `#${r.sequence_number ?? '—'}`,
                  r.created_by_name,
                  r.status,
                  r.created_on.slice(0, 10),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button
          intent={Intent.PRIMARY}
          icon="search-template"
          text={t('ROLESPERM.EXPLAIN.RUN')}
          disabled={!userId || !moduleId}
          loading={run.isPending}
          onClick={() => run.mutate()}
        />
      </div>
      {run.error && <Callout intent={Intent.DANGER}>{errorMessage(run.error)}</Callout>}
      {run.data && <ExplanationView e={run.data} />}
    </section>
  );
}

function ExplanationView({ e }: { e: Explanation }) {
  const { t } = useTranslation();
  const param = (p: Record<string, string> | undefined) => ({
    ...p,
    action: p?.action ? t(`ROLESPERM.ACTION.${p.action}`) : '',
    role: p?.role ? t(`ROLESPERM.KIND.${p.role}`) : '',
  });
  return (
    <div className="rolesperm-explanation" aria-live="polite">
      <p>
        <strong>{e.user.fullname}</strong> ·{' '}
        {e.user.roles.length
          ? e.user.roles.map((r) => t(`ROLESPERM.KIND.${r}`)).join(', ')
          : t('ROLESPERM.KIND.regular')}
        {e.teams.length > 0 && <> · {t('ROLESPERM.EXPLAIN.TEAMS', { teams: e.teams.join(', ') })}</>} · {e.app.name}
        {e.record && <> · {e.record.is_draft ? t('ROLESPERM.EXPLAIN.DRAFT') : `#${e.record.sequence_number}`}</>}
      </p>
      <div className="rolesperm-verdicts">
        {VERDICTS.filter((v) => e.verdicts[v] !== undefined).map((v) => (
          <Tag
            key={v}
            large
            intent={e.verdicts[v] ? Intent.SUCCESS : Intent.DANGER}
            icon={e.verdicts[v] ? 'tick' : 'cross'}
          >
            {t(`ROLESPERM.VERDICT.${v}`)}
          </Tag>
        ))}
      </div>
      <ol className="rolesperm-reasons">
        {e.reasons.map((r, i) => {
          const key = r.key === 'RECORD.TASK' && r.params?.team ? 'RECORD.TASK_TEAM' : r.key;
          return (
            <li key={i} data-ok={String(r.ok)}>
              <Icon
                icon={r.ok === null ? 'info-sign' : r.ok ? 'tick-circle' : 'cross-circle'}
                intent={r.ok === null ? Intent.NONE : r.ok ? Intent.SUCCESS : Intent.DANGER}
              />{' '}
              {t(`ROLESPERM.REASON.${key}`, param(r.params))}
              {r.params?.via && <> {t('ROLESPERM.REASON.VIA', { via: t(`ROLESPERM.ACTION.${r.params.via}`) })}</>}
            </li>
          );
        })}
      </ol>
      {e.fields && (
        <p className="bp6-text-muted">
          {t('ROLESPERM.EXPLAIN.FIELDS', {
            step:
              e.fields.step === 'fs-start'
                ? t('ROLESPERM.EXPLAIN.START')
                : e.fields.step === 'fs-complete'
                  ? t('ROLESPERM.EXPLAIN.COMPLETE')
                  : e.fields.step,
            editable: e.fields.editable,
            readonly: e.fields.readonly,
            hidden: e.fields.hidden.length,
          })}
          {e.fields.hidden.length > 0 && <> {t('ROLESPERM.EXPLAIN.HIDDEN', { names: e.fields.hidden.join(', ') })}</>}
        </p>
      )}
    </div>
  );
}
