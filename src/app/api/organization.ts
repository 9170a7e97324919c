import { api, call } from './client';

export interface Organization {
  name: string;
  domain: string;
  time_zone: string;
  date_format: string;
  datetime_format: string | null;
  time_format: string;
}

export interface SsoSettingsView {
  oidc: { issuer: string; clientId: string; hasClientSecret: boolean; redirectUri: string };
  saml: { entryPoint: string; idpCert: string; issuer: string; audience: string };
  provisioning: 'link' | 'provision';
  enabled: { oidc: boolean; saml: boolean };
}

export interface SsoSettingsInput {
  oidc: { issuer: string; clientId: string; clientSecret?: string; redirectUri: string };
  saml: { entryPoint: string; idpCert: string; issuer: string; audience: string };
  provisioning: 'link' | 'provision';
}

export const fetchOrganization = () => call<Organization>(api.get('/sys/organization/current'));
export const saveOrganizationZone = (timezone: string) =>
  call<{ timezone: string }>(api.post('/sys/organization/setorganizationtimezone', { timezone }));
export const fetchSsoSettings = () => call<SsoSettingsView>(api.get('/identity/sso/settings'));
export const saveSsoSettings = (body: SsoSettingsInput) => call<SsoSettingsView>(api.post('/identity/sso/settings', body));
