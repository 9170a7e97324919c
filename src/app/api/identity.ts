import { api, call, type Envelope } from './client';
// Shapes from the server's identity schemas (one definition, types derived).
import type { Me, PasswordChanged, Refreshed, SharedKey, SignInData } from '../../server/identity/schemas';

const AUTH = '/identity/Authentication';
const MANAGE = '/identity/manageauthenticator';

/** 401 answers carry the spec's message in the body; treat them as data, not as network errors. */
const acceptAuthStatus = { validateStatus: (s: number) => s < 500 };

export async function authenticate(username: string, password: string): Promise<Envelope<SignInData>> {
  const res = await api.post<Envelope<SignInData>>(
    `${AUTH}/authenticateiso`,
    JSON.stringify(JSON.stringify({ username, password })),
    {
      headers: { 'Content-Type': 'application/json' },
      ...acceptAuthStatus,
    },
  );
  return res.data;
}

export async function loginWith2Fa(twoFactorCode: string, rememberMachine: boolean): Promise<Envelope<SignInData>> {
  const res = await api.post<Envelope<SignInData>>(
    `${AUTH}/loginWith2Fa`,
    { twoFactorCode, rememberMachine, isPersistent: false },
    acceptAuthStatus,
  );
  return res.data;
}

export const isAuthenticated = (token: string) =>
  call<Me>(
    api.get(`${AUTH}/isAuthenticated`, {
      headers: { Authorization: `Bearer ${token}` },
      validateStatus: (s) => [200, 204, 400, 401, 403].includes(s),
    }),
  );

export const refreshToken = (jwt: string) => call<Refreshed>(api.post(`${AUTH}/refreshToken`, { jwt }));

export const clearMfaMarker = () => api.post(`${AUTH}/clearMfaMarker`, {}).catch(() => undefined);

export const logout = (jwt: string | undefined) => api.post(`${AUTH}/logout`, { jwt }).catch(() => undefined);

export const sharedKey = () => call<SharedKey>(api.get(`${MANAGE}/sharedKeyQRCodeUri`));

export async function enableAuthenticator(code: string): Promise<Envelope<SignInData>> {
  const res = await api.post<Envelope<SignInData>>(`${MANAGE}/enableAuthenticator`, { code }, acceptAuthStatus);
  return res.data;
}

export async function changePassword(token: string, currentPassword: string, newPassword: string) {
  const res = await api.post<Envelope<PasswordChanged>>(
    `${MANAGE}/changepassword`,
    { currentPassword, newPassword },
    {
      headers: { Authorization: `Bearer ${token}` },
      ...acceptAuthStatus,
    },
  );
  return res.data;
}

export async function forgotPassword(username: string): Promise<Envelope> {
  const res = await api.get<Envelope>('/email/forgotpassword', { params: { username }, ...acceptAuthStatus });
  return res.data;
}

export async function resetPassword(token: string, password: string): Promise<Envelope> {
  const res = await api.post<Envelope>(`${AUTH}/resetPassword`, { token, password }, acceptAuthStatus);
  return res.data;
}
