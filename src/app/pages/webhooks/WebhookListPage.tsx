import { useDeferredValue, useState } from 'react';
import { Alert, Button, H3, HTMLTable, InputGroup, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { deleteWebhook, listWebhooks, type Webhook } from './api';
import { WebhookState } from './WebhookState';
import './webhooks.css';

/** /webhooks: the tenant's webhooks with their state and what waits or has failed; add, open, delete. */
export function WebhookListPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const list = useQuery({ queryKey: queryKeys.webhookList(term), queryFn: () => listWebhooks(term) });
  const remove = useMutation({
    mutationFn: (id: string) => deleteWebhook(id),
    onSuccess: () => {
      void toastSuccess(t('WH.DELETED'));
      setDeleting(null);
      void qc.invalidateQueries({ queryKey: queryKeys.webhooks });
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  return (
    <main className="wh-page">
      <header className="wh-header">
        <H3>{t('WH.TITLE')}</H3>
        <span className="spacer" />
        <Button intent={Intent.PRIMARY} icon="add" text={t('WH.NEW')} onClick={() => navigate('/webhooks/add')} />
      </header>
      <p className="bp6-text-muted">{t('WH.ABOUT')}</p>
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={t('WH.SEARCH')}
        placeholder={t('WH.SEARCH')}
        value={search}
        onValueChange={setSearch}
      />
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <NonIdealState icon="error" title={errorMessage(list.error)} />
      ) : !list.data?.data.length ? (
        <NonIdealState icon="send-message" title={t('WH.NONE')} />
      ) : (
        <HTMLTable striped className="wh-table" aria-label={t('WH.TITLE')}>
          <thead>
            <tr>
              <th>{t('WH.NAME')}</th>
              <th>{t('WH.URL')}</th>
              <th>{t('WH.EVENTS')}</th>
              <th>{t('WH.STATE')}</th>
              <th>{t('WH.WAITING')}</th>
              <th>{t('WH.FAILED')}</th>
              <th>
                <span className="visually-hidden">{t('WH.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((h) => (
              <tr key={h.id} data-testid={`webhook-row-${h.name}`}>
                <td>
                  <Link to={`/webhooks/${h.id}`} data-tenant-text>
                    {h.name}
                  </Link>
                </td>
                <td className="wh-url" data-tenant-text>
                  {h.url}
                </td>
                <td>{t('WH.EVENT_COUNT', { count: h.events.length })}</td>
                <td>
                  <WebhookState hook={h} />
                </td>
                <td>{h.pending}</td>
                <td>{h.failed ? <Tag intent={Intent.DANGER}>{h.failed}</Tag> : 0}</td>
                <td className="wh-actions">
                  <Button
                    small
                    minimal
                    icon="trash"
                    intent={Intent.DANGER}
                    aria-label={t('WH.DELETE', { name: h.name })}
                    onClick={() => setDeleting(h)}
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
        confirmButtonText={t('WH.DELETE_CONFIRM')}
        cancelButtonText={t('WH.CANCEL')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        {t('WH.CONFIRM_DELETE', { name: deleting?.name ?? '' })}
      </Alert>
    </main>
  );
}
