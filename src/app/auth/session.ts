import { isAuthenticated, logout, refreshToken } from '../api/identity';
import { configureApi } from '../api/client';
import { authStore, authTokenAtom, configAtom, resetAuth, type AuthToken } from '../state/auth';

/** Tabs share refreshed tokens and sign-outs so only one of them talks to the server. */
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('auth') : undefined;
type TabMessage = { kind: 'token'; token: AuthToken } | { kind: 'logout' };

channel?.addEventListener('message', (e: MessageEvent<TabMessage>) => {
  if (e.data.kind === 'token') authStore.set(authTokenAtom, e.data.token);
  if (e.data.kind === 'logout') resetAuth();
});

configureApi({
  token: () => authStore.get(authTokenAtom)?.token,
  onUnauthorized: () => {
    if (!window.location.pathname.startsWith('/logout')) window.location.assign('/logout');
  },
});

/** After a successful sign-in: keep the tokens and load who the user is. */
export async function startSession(tokens: AuthToken): Promise<void> {
  const me = await isAuthenticated(tokens.token);
  authStore.set(authTokenAtom, tokens);
  authStore.set(configAtom, me.config);
}

let inflight: Promise<AuthToken> | undefined;

/** Refreshes the access token (once at a time) and tells the other tabs. */
export function refreshSession(): Promise<AuthToken> {
  inflight ??= (async () => {
    const current = authStore.get(authTokenAtom);
    if (!current) throw new Error('Not signed in');
    const r = await refreshToken(current.refreshToken);
    const next = { token: r.jwt, refreshToken: r.refreshToken, expiresAt: r.expiresAt };
    authStore.set(authTokenAtom, next);
    channel?.postMessage({ kind: 'token', token: next } satisfies TabMessage);
    return next;
  })().finally(() => (inflight = undefined));
  return inflight;
}

export async function endSession(): Promise<void> {
  const current = authStore.get(authTokenAtom);
  await logout(current?.refreshToken);
  resetAuth();
  channel?.postMessage({ kind: 'logout' } satisfies TabMessage);
}
