import { defineOcrManifest } from '../../../runtime/ocr-registry';

/** The built-in provider: Tesseract (tesseract.js) on this server, language data bundled, nothing fetched. */
export const manifest = defineOcrManifest({
  kind: 'ocr',
  id: 'tesseract',
  name: 'Tesseract (built in)',
  singleSelect: false,
  languages: ['en', 'de', 'es', 'fr', 'ja', 'zh'],
  needsToken: false,
});
