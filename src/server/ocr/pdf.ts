import type { OcrPage, OcrWord } from '../../../schemas/api/ocr.js';
import { HttpError, badRequest } from '../http/errors.js';

/** PDF points to pixels of a 300 dpi page, so boxes compare with those of scans. */
const SCALE = 300 / 72;

interface TextItem {
  str: string;
  width: number;
  height: number;
  transform: number[];
  hasEOL?: boolean;
}

/**
 * The text layer of a PDF as pages of words (confidence 100, boxes at 300 dpi). A PDF without one (a scanned PDF)
 * is refused: its page images would need a renderer this server does not carry, so the user uploads them as images.
 */
export async function pdfPages(bytes: Buffer, maxPages: number): Promise<OcrPage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
  } catch {
    throw badRequest('The PDF could not be read.');
  }
  try {
    if (doc.numPages > maxPages)
      throw new HttpError(413, `The PDF has ${doc.numPages} pages; at most ${maxPages} are read.`);
    const pages: OcrPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const view = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const words: OcrWord[] = [];
      let line = 1;
      let lastY: number | undefined;
      const texts: string[] = [];
      for (const item of content.items as TextItem[]) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [, , , , tx = 0, ty = 0] = item.transform;
        if (lastY !== undefined && Math.abs(ty - lastY) > 2) line++;
        lastY = ty;
        texts.push(item.str);
        // Words share the item's width in proportion to their length (the layer has no per-word positions).
        const perChar = item.str.length ? item.width / item.str.length : 0;
        let offset = 0;
        for (const part of item.str.split(/(\s+)/)) {
          if (part.trim())
            words.push({
              text: part,
              confidence: 100,
              line,
              box: {
                x: (tx + offset * perChar) * SCALE,
                y: (view.height - ty - item.height) * SCALE,
                width: part.length * perChar * SCALE,
                height: item.height * SCALE,
              },
            });
          offset += part.length;
        }
      }
      pages.push({ page: n, width: view.width * SCALE, height: view.height * SCALE, text: texts.join('\n'), words });
    }
    if (!pages.some((p) => p.words.length))
      throw badRequest('This PDF has no text layer (a scanned PDF). Upload its pages as images (PNG or JPEG) instead.');
    return pages;
  } finally {
    await doc.destroy();
  }
}
