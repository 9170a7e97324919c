import { useEffect, useState } from 'react';
import { Button, Card, Callout, FormGroup, H3, HTMLSelect, Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { fetchOrganization, saveOrganizationZone } from '../../api/organization';
import { toastError, toastSuccess } from '../../components/toaster';
import { configAtom } from '../../state/auth';
import { SsoSettingsForm } from './SsoSettingsForm';
import { queryKeys } from '../../realtime/query-keys';

const zones = () => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Etc/UTC']);

/** /settings/organization: the tenant's time zone and, for administrators, single sign-on. */
export function OrganizationSettingsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const config = useAtomValue(configAtom);
  const canEdit = !!(config?.isSysAdmin || config?.isAdministrator);
  const org = useQuery({ queryKey: queryKeys.organization, queryFn: fetchOrganization });
  const [zone, setZone] = useState('Etc/UTC');
  useEffect(() => {
    if (org.data) setZone(org.data.time_zone);
  }, [org.data]);
  const save = useMutation({
    mutationFn: () => saveOrganizationZone(zone),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.organization });
      void toastSuccess(t('ORGANIZATION.ZONE_SAVED'));
    },
    onError: (err) => void toastError(errorMessage(err)),
  });

  return (
    <div className="page-body org-settings">
      <H3>{t('ORGANIZATION.TITLE')}</H3>
      {org.error && <Callout intent={Intent.DANGER}>{errorMessage(org.error)}</Callout>}
      <Card>
        <p>
          <strong>{org.data?.name}</strong> ({org.data?.domain})
        </p>
        <FormGroup label={t('ORGANIZATION.TIME_ZONE')} labelFor="org-zone">
          <HTMLSelect
            id="org-zone"
            value={zone}
            onChange={(e) => setZone(e.target.value)}
            options={zones()}
            disabled={!canEdit}
          />
        </FormGroup>
        {canEdit && (
          <Button
            intent={Intent.PRIMARY}
            loading={save.isPending}
            onClick={() => save.mutate()}
            text={t('ORGANIZATION.SAVE')}
          />
        )}
      </Card>
      {canEdit && (
        <Card className="org-sso-card">
          <H3>{t('ORGANIZATION.SSO.TITLE')}</H3>
          <SsoSettingsForm />
        </Card>
      )}
    </div>
  );
}
