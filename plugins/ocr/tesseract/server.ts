import type { Page } from 'tesseract.js';
import type { OcrPage, OcrWord } from '../../../schemas/api/ocr';
import { defineOcrServer } from '../../../runtime/ocr-registry';
import { imageInfo } from '../../../runtime/ocr-registry-node';
import { manifest } from './manifest';
import { TESSERACT_LANG, TesseractPool, type PoolOptions } from './pool';

const tuning: PoolOptions = { size: 2, recycleAfter: 25, maxQueue: 200, timeoutMs: 60_000 };
let pool: TesseractPool | undefined;

/** The pool, made on first use; `configure` (before first use, or after `close`) changes its limits. */
export function ocrPool(): TesseractPool {
  return (pool ??= new TesseractPool(tuning));
}
export function configure(opts: Partial<PoolOptions>): void {
  Object.assign(tuning, opts);
}

/** tesseract.js's block tree to the shared page shape: words with boxes, numbered lines. */
export function toOcrPage(data: Page, width: number, height: number): OcrPage {
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of data.blocks ?? [])
    for (const para of block.paragraphs)
      for (const l of para.lines) {
        line++;
        for (const w of l.words) {
          if (!w.text.trim()) continue;
          const { x0, y0, x1, y1 } = w.bbox;
          words.push({
            text: w.text,
            confidence: w.confidence,
            box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
            line,
          });
        }
      }
  return { page: 1, width, height, text: data.text, words };
}

export const server = defineOcrServer({
  manifest,
  async recognize(image, opts) {
    const info = imageInfo(image);
    if (!info) throw new Error('The file is not an image this provider reads (PNG, JPEG, TIFF or WebP).');
    const lang = TESSERACT_LANG[opts.language] ?? 'eng';
    const data = await ocrPool().recognize(image, lang);
    return [toOcrPage(data, info.width, info.height)];
  },
  async close() {
    const p = pool;
    pool = undefined;
    await p?.close();
  },
});
