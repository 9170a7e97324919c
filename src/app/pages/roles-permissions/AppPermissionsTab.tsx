import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { ACTIONS, appPermissions, people, savePermission, whatIf, type ModulePermission, type WhatIf } from './api';
import { RuleEditor, type Rule } from './RuleEditor';

type Rules = Partial<Record<(typeof ACTIONS)[number], Rule>>;

/** Per app: who may create, view, edit and delete its records, design it and report on it; a what-if preview. */
export function AppPermissionsTab() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const apps = useQuery({ queryKey: ['rolesperm', 'apps'], queryFn: appPermissions });
  const folks = useQuery({ queryKey: ['rolesperm', 'people'], queryFn: people });
  const [appId, setAppId] = useState('');
  const app = apps.data?.find((a) => a.id === appId) ?? apps.data?.[0];
  const [draft, setDraft] = useState<ModulePermission>({});
  useEffect(() => {
    if (app) setDraft(app.permission);
  }, [app]);
  const proposed = useMemo(() => JSON.stringify(draft), [draft]);
  const dirty = !!app && proposed !== JSON.stringify(app.permission);
  const preview = useQuery({
    queryKey: ['rolesperm', 'whatif', app?.id, proposed],
    queryFn: () => whatIf(app!.id, draft),
    enabled: dirty,
  });
  const save = useMutation({
    mutationFn: () => savePermission(app!.id, draft),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['rolesperm', 'apps'] });
      void toastSuccess(t('ROLESPERM.APPS.SAVED'));
    },
    onError: (err) => void toastError(errorMessage(err)),
  });
  const error = apps.error ?? folks.error;
  if (error) return <Callout intent={Intent.DANGER}>{errorMessage(error)}</Callout>;
  if (!apps.data || !folks.data) return <Spinner size={24} />;
  if (!app) return <NonIdealState icon="applications" title={t('ROLESPERM.APPS.NONE')} />;
  const rules = (draft.rules ?? {}) as Rules;
  const setRule = (action: (typeof ACTIONS)[number], rule: Rule | undefined) => {
    const next: Rules = { ...rules };
    if (rule) next[action] = rule;
    else delete next[action];
    setDraft({ ...draft, rules: next });
  };
  return (
    <section className="rolesperm-section">
      <p className="bp6-text-muted">{t('ROLESPERM.APPS.ABOUT')}</p>
      <FormGroup label={t('ROLESPERM.APP')} labelFor="rolesperm-app" inline>
        <HTMLSelect id="rolesperm-app" value={app.id} onChange={(e) => setAppId(e.target.value)}>
          {apps.data.map((a) => (
            <option key={a.id} value={a.id} data-tenant-text>
              {a.name} ({a.status})
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <div className="rolesperm-rules">
        {ACTIONS.map((a) => (
          <RuleEditor key={a} action={a} rule={rules[a]} people={folks.data} onChange={(r) => setRule(a, r)} />
        ))}
      </div>
      {dirty && (
        <Callout intent={Intent.PRIMARY} title={t('ROLESPERM.WHATIF.TITLE')} className="rolesperm-whatif">
          {preview.error && errorMessage(preview.error)}
          {preview.isFetching && <Spinner size={16} />}
          {preview.data && !preview.isFetching && <WhatIfTable w={preview.data} />}
        </Callout>
      )}
      <div className="rolesperm-actions">
        <Button
          intent={Intent.PRIMARY}
          text={t('ROLESPERM.APPS.SAVE')}
          disabled={!dirty || !preview.data}
          loading={save.isPending}
          onClick={() => save.mutate()}
        />
        <Button text={t('ROLESPERM.APPS.UNDO')} disabled={!dirty} onClick={() => setDraft(app.permission)} />
      </div>
    </section>
  );
}

function WhatIfTable({ w }: { w: WhatIf }) {
  const { t } = useTranslation();
  const cell = (c: WhatIf['view']['gained'], withRecords: boolean) => (
    <td title={c.names.join(', ')}>
      {t('ROLESPERM.WHATIF.USERS', { count: c.users })}
      {withRecords && c.users > 0 && <> · {t('ROLESPERM.WHATIF.RECORDS', { count: c.records })}</>}
    </td>
  );
  return (
    <>
      <p>{t('ROLESPERM.WHATIF.ABOUT', { count: w.users })}</p>
      <HTMLTable compact aria-label={t('ROLESPERM.WHATIF.TITLE')}>
        <thead>
          <tr>
            <th />
            <th>{t('ROLESPERM.WHATIF.GAIN')}</th>
            <th>{t('ROLESPERM.WHATIF.LOSE')}</th>
          </tr>
        </thead>
        <tbody>
          {ACTIONS.map((a) => (
            <tr key={a} data-action={a}>
              <th scope="row">{t(`ROLESPERM.ACTION.${a}`)}</th>
              {cell(w[a].gained, a !== 'create' && a !== 'design')}
              {cell(w[a].lost, a !== 'create' && a !== 'design')}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </>
  );
}
