import { useDeferredValue, useState } from 'react';
import { Alert, Button, H3, HTMLTable, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { useFormatDate } from '../../shell/dates';
import { deleteAutomation, listAutomations, type Automation } from './api';
import { RunStatus, TriggerSummary } from './RunStatus';
import './automation.css';

/** /robotic-automation: the tenant's automations with their state, next run and last result; add, open, delete. */
export function AutomationListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const fmt = useFormatDate();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [deleting, setDeleting] = useState<Automation | null>(null);
  const list = useQuery({ queryKey: ['automations', 'list', term], queryFn: () => listAutomations(term) });
  const remove = useMutation({
    mutationFn: (id: string) => deleteAutomation(id),
    onSuccess: () => {
      void toastSuccess(t('RPA.DELETED'));
      setDeleting(null);
      void qc.invalidateQueries({ queryKey: ['automations'] });
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  return (
    <main className="rpa-page">
      <header className="rpa-header">
        <H3>{t('RPA.TITLE')}</H3>
        <span className="spacer" />
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('RPA.NEW')}
          onClick={() => navigate('/robotic-automation/add')}
        />
      </header>
      <p className="bp6-text-muted">{t('RPA.ABOUT')}</p>
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={t('RPA.SEARCH')}
        placeholder={t('RPA.SEARCH')}
        value={search}
        onValueChange={setSearch}
      />
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <NonIdealState icon="error" title={errorMessage(list.error)} />
      ) : !list.data?.data.length ? (
        <NonIdealState icon="automatic-updates" title={t('RPA.NONE')} />
      ) : (
        <HTMLTable striped aria-label={t('RPA.TITLE')}>
          <thead>
            <tr>
              <th>{t('RPA.NAME')}</th>
              <th>{t('RPA.TRIGGER')}</th>
              <th>{t('RPA.STATE')}</th>
              <th>{t('RPA.NEXT_RUN')}</th>
              <th>{t('RPA.LAST_RESULT')}</th>
              <th>
                <span className="visually-hidden">{t('RPA.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((a) => (
              <tr key={a.id} data-testid={`automation-row-${a.name}`}>
                <td>
                  <Link to={`/robotic-automation/${a.id}`} data-tenant-text>
                    {a.name}
                  </Link>
                </td>
                <td>
                  <TriggerSummary trigger={a.trigger} />
                </td>
                <td>
                  <Tag minimal intent={a.active ? Intent.SUCCESS : Intent.NONE}>
                    {t(a.active ? 'RPA.ACTIVE' : 'RPA.PAUSED')}
                  </Tag>
                </td>
                <td>{a.nextRunOn ? fmt(a.nextRunOn, true) : '—'}</td>
                <td>{a.lastStatus ? <RunStatus status={a.lastStatus} /> : t('RPA.NEVER_RUN')}</td>
                <td>
                  <Button
                    small
                    minimal
                    icon="trash"
                    intent={Intent.DANGER}
                    aria-label={t('RPA.DELETE', { name: a.name })}
                    onClick={() => setDeleting(a)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Alert
        isOpen={!!deleting}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('RPA.DELETE_CONFIRM')}
        cancelButtonText={t('RPA.CANCEL')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        {t('RPA.CONFIRM_DELETE', { name: deleting?.name ?? '' })}
      </Alert>
    </main>
  );
}
