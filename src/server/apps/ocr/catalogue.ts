import type { MlServiceView, OcrProvider } from './schemas.js';

/**
 * OCR providers and their machine-learning services: a small fixed list on the server (no external calls). A
 * service with a `licence` is usable only when the tenant's settings list that licence.
 */
interface MlService {
  id: string;
  providerId: string;
  name: string;
  licence: string | null;
}

export const OCR_PROVIDERS: OcrProvider[] = [
  { id: 'azure-document-intelligence', name: 'Azure Document Intelligence', singleSelect: false },
  { id: 'aws-textract', name: 'AWS Textract', singleSelect: false },
  { id: 'google-document-ai', name: 'Google Document AI', singleSelect: true },
];

const ML_SERVICES: MlService[] = [
  { id: 'azure-invoice', providerId: 'azure-document-intelligence', name: 'Invoices', licence: null },
  { id: 'azure-receipt', providerId: 'azure-document-intelligence', name: 'Receipts', licence: null },
  { id: 'azure-id', providerId: 'azure-document-intelligence', name: 'Identity documents', licence: 'ml-identity' },
  { id: 'aws-forms', providerId: 'aws-textract', name: 'Forms and tables', licence: null },
  { id: 'aws-expense', providerId: 'aws-textract', name: 'Expenses', licence: 'ml-expense' },
  { id: 'google-form-parser', providerId: 'google-document-ai', name: 'Form parser', licence: null },
  { id: 'google-custom', providerId: 'google-document-ai', name: 'Custom extractor', licence: 'ml-custom' },
];

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
  return ML_SERVICES.filter((s) => !providerId || s.providerId === providerId).map((s) => ({
    id: s.id,
    providerId: s.providerId,
    name: s.name,
    licensed: !s.licence || licences.includes(s.licence),
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
    const s = ML_SERVICES.find((x) => x.id === id && x.providerId === provider.id);
    if (!s) return `Unknown machine-learning service '${id}'.`;
    if (s.licence && !licences.includes(s.licence)) return `You need a licence for ${s.name}.`;
  }
  return undefined;
}
