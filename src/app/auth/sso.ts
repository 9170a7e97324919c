import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../api/client';
import type { SignInData } from '../state/auth';
import { safeReturnUrl } from './return-url';
import { queryKeys } from '../realtime/query-keys';

export interface SsoOptions {
  oidc: boolean;
  saml: boolean;
}

/** Which SSO buttons the tenant's login page shows; none when the call fails. */
export function useSsoOptions() {
  return useQuery({
    queryKey: queryKeys.ssoOptions,
    queryFn: async (): Promise<SsoOptions> => {
      const res = await api.get<Envelope<SsoOptions>>('/identity/sso/options', { validateStatus: (s) => s < 500 });
      return res.data.success && res.data.data ? res.data.data : { oidc: false, saml: false };
    },
  });
}

/** The browser navigation that starts SSO (a full page load: the identity provider lives elsewhere). */
export const ssoStartUrl = (kind: 'oidc' | 'saml', returnUrl: string | null) => {
  const ret = safeReturnUrl(returnUrl);
  const q = ret !== '/' ? `?returnUrl=${encodeURIComponent(ret)}` : '';
  return `${kind === 'oidc' ? '/auth/login' : '/auth/saml'}${q}`;
};

/** Trades the one-time ticket cookie the callback set for the same answer a password sign-in gives. */
export async function completeSso(): Promise<Envelope<SignInData>> {
  const res = await api.post<Envelope<SignInData>>('/identity/sso/complete', {}, { validateStatus: (s) => s < 500 });
  return res.data;
}

export const SSO_ERRORS = ['failed', 'not-allowed', 'not-configured', 'cancelled'] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
export const ssoError = (v: string | null): SsoError | undefined =>
  v === null ? undefined : (SSO_ERRORS as readonly string[]).includes(v) ? (v as SsoError) : 'failed';
