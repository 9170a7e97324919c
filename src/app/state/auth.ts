import { atom, createStore } from 'jotai';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils';
import type { AuthConfig, SessionTokens, SignInData } from '../../server/identity/schemas';

/** Shapes from the server's identity schemas (one definition, types derived). */
export type { AuthConfig, SignInData, UserInfo } from '../../server/identity/schemas';
/** The persisted session (spec: authToken). */
export type AuthToken = SessionTokens;

const storage = <T>() => createJSONStorage<T>(() => localStorage);

/** Persisted (spec: config and authToken). */
export const authTokenAtom = atomWithStorage<AuthToken | null>('auth.token', null, storage<AuthToken | null>(), { getOnInit: true });
export const configAtom = atomWithStorage<AuthConfig | null>('auth.config', null, storage<AuthConfig | null>(), { getOnInit: true });
/** In memory only. */
export const isoAtom = atom<SignInData | null>(null);
export const redirectUrlAtom = atom<string | null>(null);

/** One store shared by React and the API client, so the client can read the token outside components. */
export const authStore = createStore();

export function resetAuth() {
  authStore.set(authTokenAtom, RESET);
  authStore.set(configAtom, RESET);
  authStore.set(isoAtom, null);
  authStore.set(redirectUrlAtom, null);
}

export const tokenExpired = (t: AuthToken | null, now = Date.now()) => !t || Date.parse(t.expiresAt) <= now;
