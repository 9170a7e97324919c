import { defineOcrManifest } from '../../../runtime/ocr-registry';

/**
 * Google Document AI (a cloud service): the tenant stores its processor's address and an OAuth access token
 * (PATCH /api/ocrprovider/update/token). Takes one machine-learning service (spec section 5: the single-select one).
 */
export const manifest = defineOcrManifest({
  kind: 'ocr',
  id: 'google-document-ai',
  name: 'Google Document AI',
  singleSelect: true,
  languages: ['en', 'de', 'es', 'fr', 'ja', 'zh'],
  needsToken: true,
});
