import { useEffect, useState } from 'react';
import { Button, FormGroup, H3, HTMLSelect, InputGroup, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { toastError, toastSuccess } from '../../components/toaster';
import { chKeys, createStoreKey, storeKeyById, supportedPlatforms, updateStoreKey, type StoreKey } from './api';
import { LicenceCallout } from './LicenceCallout';
import { MASK } from './VariablesForm';
import './connecthub.css';

type PlatformId = StoreKey['platform'];
interface Draft {
  name: string;
  platform: PlatformId;
  storeUrl: string;
  apiKey: string;
  apiSecret: string;
}
const EMPTY: Draft = { name: '', platform: 'shopify', storeUrl: '', apiKey: '', apiSecret: '' };

/** /connect-hub/store-key/add and /{id}: a store's platform, address and keys; kept keys show only as a mask. */
export function StoreKeyPage() {
  const { id = 'add' } = useParams();
  const isNew = id === 'add';
  const { t } = useTranslation();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const platforms = useQuery({ queryKey: chKeys.platforms, queryFn: supportedPlatforms });
  const detail = useQuery({ queryKey: chKeys.storeKey(id), queryFn: () => storeKeyById(id), enabled: !isNew });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  useEffect(() => {
    if (detail.data)
      setDraft({ ...EMPTY, name: detail.data.name, platform: detail.data.platform, storeUrl: detail.data.storeUrl });
  }, [detail.data]);
  const set = (k: keyof Draft) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const platform = platforms.data?.find((p) => p.id === draft.platform);
  const save = useMutation({
    mutationFn: () => {
      const base = { name: draft.name, platform: draft.platform, storeUrl: draft.storeUrl };
      const secret = platform?.needsSecret && draft.apiSecret ? { apiSecret: draft.apiSecret } : {};
      return isNew
        ? createStoreKey({ ...base, apiKey: draft.apiKey, ...secret })
        : updateStoreKey({
            ...base,
            id,
            version: detail.data!.version,
            ...(draft.apiKey ? { apiKey: draft.apiKey } : {}),
            ...secret,
          });
    },
    onSuccess: (saved) => {
      void toastSuccess(t('CH.KEY_SAVED'));
      void qc.invalidateQueries({ queryKey: chKeys.storeKeys });
      qc.setQueryData(chKeys.storeKey(saved.id), saved);
      setDraft((d) => ({ ...d, apiKey: '', apiSecret: '' }));
      if (isNew) navigate(`/connect-hub/store-key/${saved.id}`, { replace: true });
    },
    onError: (e) => void toastError(errorMessage(e)),
  });
  if (!isNew && detail.isLoading) return <Spinner className="page-spinner" />;
  if (!isNew && detail.error) return <NonIdealState icon="error" title={errorMessage(detail.error)} />;
  const kept = detail.data;
  return (
    <main className="ch-page">
      <header className="ch-header">
        <H3>{isNew ? t('CH.ADD_KEY') : kept?.name}</H3>
        <span className="spacer" />
        <Link to="/connect-hub/ecommerce">{t('CH.ALL_KEYS')}</Link>
      </header>
      <LicenceCallout bot="ecommerce" />
      {kept && (
        <p className="bp6-text-muted">
          {t('CH.KEY_ID')} <code data-testid="store-key-id">{kept.id}</code>
        </p>
      )}
      <form
        className="ch-form"
        aria-label={t('CH.STORE_KEY')}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <FormGroup label={t('CH.KEY_NAME')} labelFor="sk-name">
          <InputGroup id="sk-name" value={draft.name} onValueChange={set('name')} />
        </FormGroup>
        <FormGroup label={t('CH.PLATFORM')} labelFor="sk-platform">
          <HTMLSelect
            id="sk-platform"
            value={draft.platform}
            onChange={(e) => set('platform')(e.currentTarget.value)}
            options={(platforms.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </FormGroup>
        <FormGroup label={t('CH.STORE_URL')} labelFor="sk-url" helperText={t('CH.STORE_URL_HELP')}>
          <InputGroup id="sk-url" value={draft.storeUrl} onValueChange={set('storeUrl')} placeholder="https://" />
        </FormGroup>
        <FormGroup
          label={t(draft.platform === 'woocommerce' ? 'CH.CONSUMER_KEY' : 'CH.ACCESS_TOKEN')}
          labelFor="sk-key"
          helperText={kept?.hasKey ? t('CH.SECRET_KEPT') : undefined}
        >
          <InputGroup
            id="sk-key"
            type="password"
            autoComplete="off"
            placeholder={kept?.hasKey ? MASK : ''}
            value={draft.apiKey}
            onValueChange={set('apiKey')}
          />
        </FormGroup>
        {platform?.needsSecret && (
          <FormGroup
            label={t('CH.CONSUMER_SECRET')}
            labelFor="sk-secret"
            helperText={kept?.hasSecret ? t('CH.SECRET_KEPT') : undefined}
          >
            <InputGroup
              id="sk-secret"
              type="password"
              autoComplete="off"
              placeholder={kept?.hasSecret ? MASK : ''}
              value={draft.apiSecret}
              onValueChange={set('apiSecret')}
            />
          </FormGroup>
        )}
        <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" text={t('CH.SAVE')} loading={save.isPending} />
      </form>
    </main>
  );
}
