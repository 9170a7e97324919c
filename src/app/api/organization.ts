import { api, call } from './client';

/** Shapes from the server's route schemas (identity serves these; one definition, types derived). */
export type { Organization, TimeZone } from '../../server/identity/schemas';
export type { SsoSettingsView } from '../../server/identity/sso/schemas';
import type { Organization, TimeZone } from '../../server/identity/schemas';
import type { SsoSettingsInput as ServerSsoInput, SsoSettingsView } from '../../server/identity/sso/schemas';

/** What the SSO form sends: every part filled in (the server's body, checked below, also accepts parts left out). */
export interface SsoSettingsInput {
  oidc: { issuer: string; clientId: string; clientSecret?: string; redirectUri: string };
  saml: { entryPoint: string; idpCert: string; issuer: string; audience: string };
  provisioning: 'link' | 'provision';
}

export const fetchOrganization = () => call<Organization>(api.get('/sys/organization/current'));
export const saveOrganizationZone = (timezone: string) =>
  call<TimeZone>(api.post('/sys/organization/setorganizationtimezone', { timezone }));
export const fetchSsoSettings = () => call<SsoSettingsView>(api.get('/identity/sso/settings'));
export const saveSsoSettings = (body: SsoSettingsInput) =>
  call<SsoSettingsView>(api.post('/identity/sso/settings', body satisfies ServerSsoInput));
