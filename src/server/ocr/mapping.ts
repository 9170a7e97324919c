import type { OcrMappedField, OcrPage } from '../../../schemas/api/ocr.js';
import { mapFields } from '../../../runtime/ocr-mapping.js';
import { hintsFor, rulesFor } from '../ocr-rules/service.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

/** The app's fields found on the pages with its mapping rules and the hints its users' corrections left. */
export async function mappedFields(tdb: TenantDb, moduleId: string, pages: OcrPage[]): Promise<OcrMappedField[]> {
  if (!pages.length) return [];
  const [rules, hints] = await Promise.all([rulesFor(tdb, moduleId), hintsFor(tdb, moduleId)]);
  return mapFields(pages, rules, hints);
}
