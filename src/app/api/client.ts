import axios, { AxiosError, type AxiosResponse } from 'axios';

/** The spec's envelope for every answer. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

export const REQUEST_TIMEOUT_MS = 3_600_000;

type TokenSource = () => string | undefined;
let tokenSource: TokenSource = () => undefined;
let onUnauthorized: () => void = () => undefined;

/** Wires the client to the auth state without the client importing it (avoids a cycle). */
export function configureApi(opts: { token: TokenSource; onUnauthorized: () => void }) {
  tokenSource = opts.token;
  onUnauthorized = opts.onUnauthorized;
}

/** The signed-in user's access token, for links that cannot send headers (images, downloads). */
export const currentToken = () => tokenSource();

export const api = axios.create({ baseURL: '/api', timeout: REQUEST_TIMEOUT_MS });

api.interceptors.request.use((cfg) => {
  const token = tokenSource();
  const type = String(cfg.headers?.['Content-Type'] ?? '');
  // XML endpoints are called without the bearer header, as the spec says.
  if (token && !type.includes('xml')) cfg.headers.set('Authorization', `Bearer ${token}`);
  return cfg;
});

/** Where the maintenance page finds the message of the 503 answer that sent the user there. */
export const MAINTENANCE_MESSAGE_KEY = 'maintenance.message';

/** A 503 marked as maintenance (src/server/maintenance/hook.ts): the whole app gives way to /maintenance. */
function enterMaintenance(message: string | undefined) {
  try {
    sessionStorage.setItem(MAINTENANCE_MESSAGE_KEY, message ?? '');
  } catch {
    // storage refused (private mode): the page asks the server for the message
  }
  if (window.location.pathname !== '/maintenance') window.location.assign('/maintenance');
}

api.interceptors.response.use(
  (res) => res,
  (err: AxiosError<Envelope>) => {
    if (err.response?.status === 503 && err.response.headers?.['x-maintenance'] === '1')
      enterMaintenance(err.response.data?.message);
    if (err.response?.status === 401 && !err.config?.url?.includes('/identity/Authentication/')) onUnauthorized();
    return Promise.reject(err);
  },
);

/** The message to show for a failed call: the server's own words when it sent any. */
export function errorMessage(err: unknown, fallback = 'Failed to process query.'): string {
  if (axios.isAxiosError(err)) {
    if (err.response?.status === 504) return 'Request timeout';
    const msg = (err.response?.data as Envelope | undefined)?.message;
    if (msg) return msg;
    if (err.code === 'ECONNABORTED') return err.message;
  }
  return err instanceof Error && err.message ? err.message : fallback;
}

/** Calls an endpoint and unwraps the envelope; a success:false answer becomes a thrown Error with its message. */
export async function call<T>(p: Promise<AxiosResponse<Envelope<T>>>): Promise<T> {
  const res = await p;
  if (!res.data?.success) throw new Error(res.data?.message || 'Failed to process query.');
  return res.data.data as T;
}
