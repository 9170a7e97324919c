import { useState } from 'react';
import { Alert, Button, Callout, Classes, H3, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { useFormatDate } from '../../shell/dates';
import { deleteSecurityHeader, fetchSecurityHeaders, type SecurityHeader } from './api';
import { SecurityHeaderDialog } from './SecurityHeaderDialog';
import { ConnectorTypes } from './ConnectorTypes';
import { RunLog } from './RunLog';
import './dataconnector.css';

/**
 * /data-connector: the kinds of connector (each lists its connectors at /data-connector/{dcType}) and the security
 * headers (named credential sets) that connectors and remote lookups send, and the run log of calls to other systems.
 */
export function DataConnectorPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fmt = useFormatDate();
  const [editing, setEditing] = useState<SecurityHeader | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SecurityHeader | null>(null);
  const headers = useQuery({ queryKey: queryKeys.securityHeaders, queryFn: fetchSecurityHeaders });
  const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys.securityHeaders });
  const remove = useMutation({
    mutationFn: (id: string) => deleteSecurityHeader(id),
    onSuccess: () => {
      void toastSuccess(t('DC.DELETED'));
      setDeleting(null);
      refresh();
    },
    onError: (e) => void toastError(errorMessage(e)),
  });

  return (
    <main className="dc-page">
      <ConnectorTypes />
      <header className="dc-header">
        <H3>{t('DC.SECURITY_HEADERS')}</H3>
        <span className="spacer" />
        <Button intent={Intent.PRIMARY} icon="add" text={t('DC.NEW_HEADER')} onClick={() => setEditing('new')} />
      </header>
      <Callout icon="lock">{t('DC.ABOUT')}</Callout>
      {headers.isLoading ? (
        <Spinner />
      ) : headers.error ? (
        <NonIdealState icon="error" title={errorMessage(headers.error)} />
      ) : !headers.data?.length ? (
        <p className="bp6-text-muted">{t('DC.NONE')}</p>
      ) : (
        <HTMLTable striped className="dc-table" aria-label={t('DC.SECURITY_HEADERS')}>
          <thead>
            <tr>
              <th>{t('DC.NAME')}</th>
              <th>{t('DC.KIND')}</th>
              <th>{t('DC.SECRET')}</th>
              <th>{t('DC.MODIFIED')}</th>
              <th>
                <span className="visually-hidden">{t('DC.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {headers.data.map((h) => (
              <tr key={h.id} data-testid={`header-row-${h.name}`}>
                <td>{h.name}</td>
                <td>
                  {t(`DC.KIND_${h.kind.toUpperCase()}`)}
                  {h.certificateInfo && (
                    <div className={Classes.TEXT_MUTED} title={h.certificateInfo.subject}>
                      {t('DC.CERT_VALID_TO', { date: fmt(h.certificateInfo.validTo) })}
                    </div>
                  )}
                </td>
                <td>{h.hasSecret ? t('DC.STORED') : t('DC.MISSING')}</td>
                <td>{fmt(h.modified_on, true)}</td>
                <td className="dc-actions">
                  <Button
                    small
                    minimal
                    icon="edit"
                    aria-label={t('DC.EDIT', { name: h.name })}
                    onClick={() => setEditing(h)}
                  />
                  <Button
                    small
                    minimal
                    icon="trash"
                    intent={Intent.DANGER}
                    aria-label={t('DC.DELETE', { name: h.name })}
                    onClick={() => setDeleting(h)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <RunLog />
      {editing && (
        <SecurityHeaderDialog
          header={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void toastSuccess(t('DC.SAVED'));
            refresh();
          }}
        />
      )}
      <Alert
        isOpen={!!deleting}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('DC.DELETE_CONFIRM')}
        cancelButtonText={t('DC.CANCEL')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        {t('DC.CONFIRM', { name: deleting?.name ?? '' })}
      </Alert>
    </main>
  );
}
