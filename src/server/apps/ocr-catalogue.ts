/**
 * OCR providers and their machine-learning services: a small fixed list on the server (no external calls). A
 * service with a `licence` is usable only when the tenant's settings list that licence.
 */
export interface OcrProvider {
  id: string;
  name: string;
  /** Only one machine-learning service may be chosen with this provider. */
  singleSelect: boolean;
}

export interface MlService {
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

export const ML_SERVICES: MlService[] = [
  { id: 'azure-invoice', providerId: 'azure-document-intelligence', name: 'Invoices', licence: null },
  { id: 'azure-receipt', providerId: 'azure-document-intelligence', name: 'Receipts', licence: null },
  { id: 'azure-id', providerId: 'azure-document-intelligence', name: 'Identity documents', licence: 'ml-identity' },
  { id: 'aws-forms', providerId: 'aws-textract', name: 'Forms and tables', licence: null },
  { id: 'aws-expense', providerId: 'aws-textract', name: 'Expenses', licence: 'ml-expense' },
  { id: 'google-form-parser', providerId: 'google-document-ai', name: 'Form parser', licence: null },
  { id: 'google-custom', providerId: 'google-document-ai', name: 'Custom extractor', licence: 'ml-custom' },
];

export function tenantLicences(settings: string | null | undefined): string[] {
  try {
    const s = JSON.parse(settings ?? '{}') as { licences?: unknown };
    return Array.isArray(s.licences) ? s.licences.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
