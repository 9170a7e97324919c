import type { OcrPage, OcrRule } from '../../../schemas/api/ocr';
import { api, call } from '../../../src/app/api/client';
import type { OcrRulesView } from '../../../src/server/ocr-rules/schemas';

export type { OcrRulesView, OcrRuleField } from '../../../src/server/ocr-rules/schemas';

/** The rules calls of the designer's OCR panel (server: src/server/ocr-rules). */
export const rulesApi = {
  get: (moduleId: string) => call<OcrRulesView>(api.get(`/ocr/rules/${encodeURIComponent(moduleId)}`)),
  save: (moduleId: string, rules: OcrRule[]) =>
    call<OcrRulesView>(api.put(`/ocr/rules/${encodeURIComponent(moduleId)}`, { rules })),
};

export const rulesKey = (moduleId: string) => ['ocr-rules', moduleId] as const;

const CHAR_W = 10;
const LINE_H = 20;
const LINE_GAP = 30;

/**
 * Pasted sample text as a page the mapping reads: one OCR line per text line, each word boxed at 10 px per character
 * (so runs of spaces become gaps, as columns on a scan do). Enough to try label and pattern rules without a scan.
 */
export function textToPage(text: string): OcrPage {
  const lines = text.replace(/\r/g, '').split('\n').slice(0, 500);
  const words = lines.flatMap((line, n) =>
    [...line.slice(0, 1000).matchAll(/\S+/g)].map((m) => ({
      text: m[0],
      confidence: 100,
      line: n,
      box: { x: (m.index ?? 0) * CHAR_W, y: n * LINE_GAP, width: m[0].length * CHAR_W, height: LINE_H },
    })),
  );
  const width = Math.max(100, ...lines.map((l) => l.length * CHAR_W));
  return { page: 1, width, height: Math.max(LINE_GAP, lines.length * LINE_GAP), text: lines.join('\n'), words };
}
