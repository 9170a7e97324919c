import { defineFeature } from '../feature.js';
import { typed } from '../http/api.js';
import { ocrRuleRoutes } from './routes.js';

/** OCR mapping rules per app and the hints users' corrections leave (mapping itself: runtime/ocr-mapping.ts). */
export const ocrRulesFeature = defineFeature({
  name: 'ocr-rules',
  register: async (app) => ocrRuleRoutes(typed(app)),
});
