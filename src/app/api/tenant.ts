import { useQuery } from '@tanstack/react-query';
import axios from 'axios';
import { api, type Envelope } from './client';

/** The shape from the server's route schema (one definition, type derived). */
export type { TenantInfo } from '../../server/sys/schemas';
import type { TenantInfo } from '../../server/sys/schemas';

export type TenantInfoResult = { ok: true; info: TenantInfo } | { ok: false; status: number; message: string };

/** GET /api/sys/tenant/info: any answer above 300 means the tenant cannot be used; the caller routes to /403. */
export async function fetchTenantInfo(): Promise<TenantInfoResult> {
  const res = await api.get<Envelope<TenantInfo>>('/sys/tenant/info', { validateStatus: () => true });
  if (res.status === 200 && res.data.success && res.data.data) return { ok: true, info: res.data.data };
  return { ok: false, status: res.status, message: res.data?.message ?? '' };
}

export function useTenantInfo() {
  return useQuery({
    queryKey: ['tenant-info'],
    queryFn: fetchTenantInfo,
    retry: (n, e) => n < 3 && !axios.isAxiosError(e),
  });
}
