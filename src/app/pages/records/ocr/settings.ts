import { api, call } from '../../../api/client';
import type { OcrSettings } from '../../../../server/ocr/schemas';

/** Whether the form shows the OCR panel (the only OCR code the record form page loads for every app). */
export const ocrSettings = (moduleId: string) => call<OcrSettings>(api.get(`/ocr/settings/${moduleId}`));
export const ocrSettingsKey = (moduleId: string) => ['ocr-settings', moduleId] as const;
