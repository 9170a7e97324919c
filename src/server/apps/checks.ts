import type { TenantDb } from '../tenancy/tenant-db.js';
import { ML_SERVICES, OCR_PROVIDERS, tenantLicences } from './ocr-catalogue.js';

export async function nameClash(tdb: TenantDb, name: string, exceptId?: string): Promise<boolean> {
  let q = tdb.selectFrom('modules').select('id').where('display_name', '=', name).where('deleted_on', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/**
 * Machine-learning services arrive as a JSON string (spec section 3). They need a provider first, belong to it,
 * need their licence, and the single-select provider takes one.
 */
export function mlServiceProblem(settings: string, providerId: unknown, ml: unknown): string | undefined {
  if (
    providerId !== undefined &&
    providerId !== null &&
    providerId !== '' &&
    !OCR_PROVIDERS.some((p) => p.id === providerId)
  )
    return 'Unknown OCR provider.';
  if (ml === undefined || ml === null || ml === '') return undefined;
  let ids: unknown;
  try {
    if (typeof ml !== 'string') throw new Error();
    ids = JSON.parse(ml);
  } catch {
    return 'machineLearningServiceId must be a JSON string.';
  }
  const list = Array.isArray(ids) ? ids : [ids];
  if (!list.every((x) => typeof x === 'string')) return 'machineLearningServiceId must list service ids.';
  if (!list.length) return undefined;
  const provider = OCR_PROVIDERS.find((p) => p.id === providerId);
  if (!provider) return 'Choose an OCR provider before machine-learning services.';
  if (provider.singleSelect && list.length > 1) return `${provider.name} takes one machine-learning service.`;
  const licences = tenantLicences(settings);
  for (const id of list as string[]) {
    const s = ML_SERVICES.find((x) => x.id === id && x.providerId === provider.id);
    if (!s) return `Unknown machine-learning service '${id}'.`;
    if (s.licence && !licences.includes(s.licence)) return `You need a licence for ${s.name}.`;
  }
  return undefined;
}
