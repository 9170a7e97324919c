import { useState } from 'react';
import { Alert, Button, H3, H4, HTMLTable, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { chKeys, deleteStoreKey, listStoreKeys, supportedPlatforms, type StoreKey } from './api';
import { LicenceCallout } from './LicenceCallout';
import { UsagePanel } from './UsagePanel';
import { VariablesForm, MASK } from './VariablesForm';
import './connecthub.css';

/** /connect-hub/ecommerce: the store keys (keys masked), the bot's variables and its traffic. */
export function EcommercePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<StoreKey | null>(null);
  const keys = useQuery({ queryKey: chKeys.storeKeys, queryFn: listStoreKeys });
  const platforms = useQuery({ queryKey: chKeys.platforms, queryFn: supportedPlatforms });
  const platformName = (id: string) => platforms.data?.find((p) => p.id === id)?.name ?? id;
  const remove = useMutation({
    mutationFn: (id: string) => deleteStoreKey(id),
    onSuccess: () => {
      void toastSuccess(t('CH.KEY_DELETED'));
      setDeleting(null);
      void qc.invalidateQueries({ queryKey: chKeys.storeKeys });
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  return (
    <main className="ch-page">
      <header className="ch-header">
        <H3>{t('CH.ECOMMERCE')}</H3>
        <span className="spacer" />
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('CH.ADD_KEY')}
          onClick={() => navigate('/connect-hub/store-key/add')}
        />
      </header>
      <p className="bp6-text-muted">{t('CH.ECOMMERCE_ABOUT')}</p>
      <LicenceCallout bot="ecommerce" />
      <div className="ch-columns">
        <VariablesForm bot="ecommerce" />
        <section className="ch-usage" aria-label={t('CH.STORE_KEYS')}>
          <H4>{t('CH.STORE_KEYS')}</H4>
          {keys.isLoading ? (
            <Spinner size={20} />
          ) : keys.error ? (
            <NonIdealState icon="error" title={errorMessage(keys.error)} />
          ) : !keys.data?.data.length ? (
            <NonIdealState icon="key" title={t('CH.NO_KEYS')} />
          ) : (
            <HTMLTable compact striped className="ch-table" aria-label={t('CH.STORE_KEYS')}>
              <thead>
                <tr>
                  <th>{t('CH.KEY_NAME')}</th>
                  <th>{t('CH.PLATFORM')}</th>
                  <th>{t('CH.STORE_URL')}</th>
                  <th>{t('CH.API_KEY')}</th>
                  <th>
                    <span className="visually-hidden">{t('CH.ACTIONS')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.data.map((k) => (
                  <tr key={k.id} data-testid={`store-key-${k.name}`}>
                    <td>
                      <Link to={`/connect-hub/store-key/${k.id}`} data-tenant-text>
                        {k.name}
                      </Link>
                    </td>
                    <td>{platformName(k.platform)}</td>
                    <td data-tenant-text>{k.storeUrl}</td>
                    <td>{k.hasKey ? MASK : ''}</td>
                    <td>
                      <Button
                        small
                        minimal
                        icon="trash"
                        intent={Intent.DANGER}
                        aria-label={t('CH.DELETE_KEY', { name: k.name })}
                        onClick={() => setDeleting(k)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </section>
      </div>
      <UsagePanel bot="ecommerce" />
      <Alert
        isOpen={!!deleting}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText={t('CH.DELETE')}
        cancelButtonText={t('CH.CANCEL')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      >
        {t('CH.CONFIRM_DELETE', { name: deleting?.name ?? '' })}
      </Alert>
    </main>
  );
}
