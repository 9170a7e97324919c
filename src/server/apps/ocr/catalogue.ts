import { loadOcrRegistry } from '../../../../runtime/ocr-registry-node.js';
import { loadMlRegistry } from '../../../../runtime/ml-registry-node.js';
import { worksWith } from '../../../../runtime/ml-registry.js';
import type { MlServiceView, OcrProvider } from './schemas.js';

/**
 * OCR providers and the machine-learning service plugins that go with them (plugins/ml/<id>/). A service with a
 * `licence` is usable only when the tenant's settings list that licence.
 */

/** The OCR provider plugins installed (plugins/ocr/<id>/), in the shape the Create App dialog lists. */
export const OCR_PROVIDERS: OcrProvider[] = Object.values((await loadOcrRegistry()).manifests).map((m) => ({
  id: m.id,
  name: m.name,
  singleSelect: m.singleSelect,
}));

/** The machine-learning service plugins installed. */
export const ML_SERVICES = await loadMlRegistry();

/** Licences listed in the tenant's settings (JSON text); unreadable settings grant none. */
export function tenantLicences(settings: string | null | undefined): string[] {
  try {
    const s = JSON.parse(settings ?? '{}') as { licences?: unknown };
    return Array.isArray(s.licences) ? s.licences.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The services of one provider (or all), marked with whether the tenant holds their licence. */
export function mlServicesFor(settings: string | null | undefined, providerId?: string): MlServiceView[] {
  const licences = tenantLicences(settings);
  return ML_SERVICES.filter((s) => !providerId || worksWith(s, providerId)).map((s) => ({
    id: s.id,
    providerId: providerId ?? '',
    name: s.name,
    licensed: !s.licence || licences.includes(s.licence),
    licence: s.licence,
    targets: s.targets,
  }));
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Machine-learning services arrive as a JSON string (spec section 3). They need a provider first, belong to it,
 * need their licence, and the single-select provider takes one. Returns the problem to show, or undefined.
 */
export function mlServiceProblem(settings: string, providerId: unknown, ml: unknown): string | undefined {
  if (!blank(providerId) && !OCR_PROVIDERS.some((p) => p.id === providerId)) return 'Unknown OCR provider.';
  if (blank(ml)) return undefined;
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
    const s = ML_SERVICES.find((x) => x.id === id && worksWith(x, provider.id));
    if (!s) return `Unknown machine-learning service '${id}'.`;
    if (s.licence && !licences.includes(s.licence)) return `You need a licence for ${s.name}.`;
  }
  return undefined;
}
