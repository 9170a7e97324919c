import { useEffect, useState } from 'react';
import {
  Button,
  Callout,
  FormGroup,
  H4,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { fetchSsoSettings, saveSsoSettings, type SsoSettingsInput } from '../../api/organization';
import { toastError, toastSuccess } from '../../components/toaster';
import { queryKeys } from '../../realtime/query-keys';

const empty: SsoSettingsInput = {
  oidc: { issuer: '', clientId: '', clientSecret: '', redirectUri: '' },
  saml: { entryPoint: '', idpCert: '', issuer: '', audience: '' },
  provisioning: 'link',
};

/** Single sign-on of the tenant: OpenID Connect and SAML. The client secret is write-only. */
export function SsoSettingsForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.ssoSettings, queryFn: fetchSsoSettings });
  const [form, setForm] = useState<SsoSettingsInput>(empty);
  useEffect(() => {
    const s = query.data;
    if (!s) return;
    const { issuer, clientId, redirectUri } = s.oidc;
    const { entryPoint, idpCert, issuer: samlIssuer, audience } = s.saml;
    setForm({
      oidc: { issuer, clientId, clientSecret: '', redirectUri },
      saml: { entryPoint, idpCert, issuer: samlIssuer, audience },
      provisioning: s.provisioning,
    });
  }, [query.data]);
  const save = useMutation({
    mutationFn: () =>
      saveSsoSettings({ ...form, oidc: { ...form.oidc, clientSecret: form.oidc.clientSecret || undefined } }),
    onSuccess: (data) => {
      qc.setQueryData(['sso-settings'], data);
      void toastSuccess(t('ORGANIZATION.SSO.SAVED'));
    },
    onError: (err) => void toastError(errorMessage(err)),
  });

  if (query.error) return <Callout intent={Intent.DANGER}>{errorMessage(query.error)}</Callout>;
  const oidc = (k: keyof SsoSettingsInput['oidc']) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, oidc: { ...f.oidc, [k]: e.target.value } }));
  const saml = (k: keyof SsoSettingsInput['saml']) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, saml: { ...f.saml, [k]: e.target.value } }));
  const busy = save.isPending || query.isLoading;

  return (
    <form
      className="org-sso"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <H4>
        {t('ORGANIZATION.SSO.OIDC')}{' '}
        {query.data?.enabled.oidc && <Tag intent={Intent.SUCCESS}>{t('ORGANIZATION.SSO.ENABLED')}</Tag>}
      </H4>
      <FormGroup label={t('ORGANIZATION.SSO.ISSUER')} labelFor="sso-oidc-issuer">
        <InputGroup id="sso-oidc-issuer" value={form.oidc.issuer} onChange={oidc('issuer')} disabled={busy} />
      </FormGroup>
      <FormGroup label={t('ORGANIZATION.SSO.CLIENT_ID')} labelFor="sso-oidc-client">
        <InputGroup id="sso-oidc-client" value={form.oidc.clientId} onChange={oidc('clientId')} disabled={busy} />
      </FormGroup>
      <FormGroup
        label={t('ORGANIZATION.SSO.CLIENT_SECRET')}
        labelFor="sso-oidc-secret"
        helperText={query.data?.oidc.hasClientSecret ? t('ORGANIZATION.SSO.SECRET_SET') : undefined}
      >
        <InputGroup
          id="sso-oidc-secret"
          type="password"
          autoComplete="new-password"
          value={form.oidc.clientSecret ?? ''}
          onChange={oidc('clientSecret')}
          disabled={busy}
        />
      </FormGroup>
      <FormGroup label={t('ORGANIZATION.SSO.REDIRECT_URI')} labelFor="sso-oidc-redirect">
        <InputGroup
          id="sso-oidc-redirect"
          value={form.oidc.redirectUri}
          onChange={oidc('redirectUri')}
          disabled={busy}
        />
      </FormGroup>

      <H4>
        {t('ORGANIZATION.SSO.SAML')}{' '}
        {query.data?.enabled.saml && <Tag intent={Intent.SUCCESS}>{t('ORGANIZATION.SSO.ENABLED')}</Tag>}
      </H4>
      <FormGroup label={t('ORGANIZATION.SSO.ENTRY_POINT')} labelFor="sso-saml-entry">
        <InputGroup id="sso-saml-entry" value={form.saml.entryPoint} onChange={saml('entryPoint')} disabled={busy} />
      </FormGroup>
      <FormGroup label={t('ORGANIZATION.SSO.SAML_ISSUER')} labelFor="sso-saml-issuer">
        <InputGroup id="sso-saml-issuer" value={form.saml.issuer} onChange={saml('issuer')} disabled={busy} />
      </FormGroup>
      <FormGroup label={t('ORGANIZATION.SSO.AUDIENCE')} labelFor="sso-saml-audience">
        <InputGroup id="sso-saml-audience" value={form.saml.audience} onChange={saml('audience')} disabled={busy} />
      </FormGroup>
      <FormGroup label={t('ORGANIZATION.SSO.IDP_CERT')} labelFor="sso-saml-cert">
        <TextArea
          id="sso-saml-cert"
          value={form.saml.idpCert}
          onChange={saml('idpCert')}
          disabled={busy}
          fill
          rows={5}
        />
      </FormGroup>

      <RadioGroup
        label={t('ORGANIZATION.SSO.PROVISIONING')}
        selectedValue={form.provisioning}
        onChange={(e) =>
          setForm((f) => ({ ...f, provisioning: e.currentTarget.value as SsoSettingsInput['provisioning'] }))
        }
        disabled={busy}
      >
        <Radio value="link" label={t('ORGANIZATION.SSO.LINK')} />
        <Radio value="provision" label={t('ORGANIZATION.SSO.PROVISION')} />
      </RadioGroup>
      <Button
        type="submit"
        intent={Intent.PRIMARY}
        loading={save.isPending}
        disabled={query.isLoading}
        text={t('ORGANIZATION.SAVE')}
      />
    </form>
  );
}
