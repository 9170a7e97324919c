import { atom, createStore } from 'jotai';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils';

/** The answer of authenticateiso / loginWith2Fa (spec 'iso'). */
export interface SignInData {
  userId: string;
  requiresTwoFactor: boolean;
  twoFactorEnabled: boolean;
  passwordExpired: boolean;
  enablePasswordExpiry: boolean;
  succeeded: boolean;
  token?: string;
  refreshToken?: string;
  expiresAt?: string;
}

export interface AuthToken {
  token: string;
  refreshToken: string;
  expiresAt: string;
}

export interface UserInfo {
  uid: string;
  username: string;
  email: string;
  fullname: string;
  isSysAdmin: boolean;
  isAdministrator: boolean;
  isConsultant: boolean;
  isFullUser: boolean;
  date_format: string;
  preference: Record<string, unknown>;
}

export interface AuthConfig {
  appMenu: unknown[];
  isSysAdmin: boolean;
  isAdministrator: boolean;
  isFullUser: boolean;
  isConsultant: boolean;
  isMachineRemembered: boolean;
  is2faEnabled: boolean;
  accessToken: string;
  userInfo: UserInfo;
}

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
