import { useDeferredValue, useState } from 'react';
import { Alert, Button, H3, HTMLTable, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';
import { useFormatDate } from '../../shell/dates';
import { copyConnector, deleteConnector, listConnectors, type Connector } from './api';
import { connectorNs, connectorRegistry } from './connector-types';
import './dataconnector.css';

/** /data-connector/{dcType}: the tenant's connectors of one kind, searched, copied and deleted here. */
export function ConnectorListPage() {
  const { dcType = '' } = useParams();
  const { t } = useTranslation();
  const qc = useQueryClient();
  const fmt = useFormatDate();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [deleting, setDeleting] = useState<Connector | null>(null);
  const list = useQuery({
    queryKey: queryKeys.connectorList(dcType, term),
    queryFn: () => listConnectors(dcType, term),
    enabled: !!connectorRegistry[dcType],
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: queryKeys.connectors });
  const remove = useMutation({
    mutationFn: (id: string) => deleteConnector(id),
    onSuccess: () => {
      void toastSuccess(t('DC.CONNECTOR_DELETED'));
      setDeleting(null);
      refresh();
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  const copy = useMutation({
    mutationFn: (c: Connector) => copyConnector(c.id, t('DC.COPY_NAME', { name: c.name }).slice(0, 64)),
    onSuccess: (c) => {
      void toastSuccess(t('DC.COPIED'));
      refresh();
      navigate(`/data-connector/${dcType}/${c.id}`);
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  if (!connectorRegistry[dcType]) return <NonIdealState icon="search" title={t('DC.NO_SUCH_TYPE')} />;
  const title = t('title', { ns: connectorNs(dcType), defaultValue: dcType });
  return (
    <main className="dc-page">
      <header className="dc-header">
        <H3>{title}</H3>
        <span className="spacer" />
        <Link to="/data-connector">{t('DC.ALL_CONNECTORS')}</Link>
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('DC.NEW_CONNECTOR')}
          onClick={() => navigate(`/data-connector/${dcType}/new`)}
        />
      </header>
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={t('DC.SEARCH')}
        placeholder={t('DC.SEARCH')}
        value={search}
        onValueChange={setSearch}
      />
      {list.isLoading ? (
        <Spinner />
      ) : list.error ? (
        <NonIdealState icon="error" title={errorMessage(list.error)} />
      ) : !list.data?.data.length ? (
        <p className="bp6-text-muted">{t('DC.NO_CONNECTORS')}</p>
      ) : (
        <HTMLTable striped className="dc-table" aria-label={title}>
          <thead>
            <tr>
              <th>{t('DC.NAME')}</th>
              <th>{t('DC.DESCRIPTION')}</th>
              <th>{t('DC.MODIFIED')}</th>
              <th>
                <span className="visually-hidden">{t('DC.ACTIONS')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((c) => (
              <tr key={c.id} data-testid={`connector-row-${c.name}`}>
                <td>
                  <Link to={`/data-connector/${dcType}/${c.id}`} data-tenant-text>
                    {c.name}
                  </Link>
                </td>
                <td data-tenant-text>{c.description ?? ''}</td>
                <td>{fmt(c.modified_on, true)}</td>
                <td className="dc-actions">
                  <Button
                    small
                    minimal
                    icon="duplicate"
                    aria-label={t('DC.COPY', { name: c.name })}
                    onClick={() => copy.mutate(c)}
                  />
                  <Button
                    small
                    minimal
                    icon="trash"
                    intent={Intent.DANGER}
                    aria-label={t('DC.DELETE', { name: c.name })}
                    onClick={() => setDeleting(c)}
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
        confirmButtonText={t('DC.DELETE_CONFIRM')}
        cancelButtonText={t('DC.CANCEL')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        {t('DC.CONFIRM_CONNECTOR', { name: deleting?.name ?? '' })}
      </Alert>
    </main>
  );
}
