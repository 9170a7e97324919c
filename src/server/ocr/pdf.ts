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

type PdfDocument = Awaited<ReturnType<(typeof import('pdfjs-dist/legacy/build/pdf.mjs'))['getDocument']>['promise']>;

/** Opens a PDF of at most `maxPages` pages for `read`, and always frees it. */
async function withPdf<T>(bytes: Buffer, maxPages: number, read: (doc: PdfDocument) => Promise<T>): Promise<T> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  let doc: PdfDocument;
  try {
    doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 }).promise;
  } catch {
    throw badRequest('The PDF could not be read.');
  }
  try {
    if (doc.numPages > maxPages)
      throw new HttpError(413, `The PDF has ${doc.numPages} pages; at most ${maxPages} are read.`);
    return await read(doc);
  } finally {
    await doc.destroy();
  }
}

/**
 * The text layer of a PDF as pages of words (confidence 100, boxes at 300 dpi). A PDF without one (a scanned PDF)
 * answers its pages with no words: the caller renders them (renderPdfPages) and reads the images with OCR.
 */
export async function pdfPages(bytes: Buffer, maxPages: number): Promise<OcrPage[]> {
  return withPdf(bytes, maxPages, async (doc) => {
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
    return pages;
  });
}

/** pdfjs-dist's canvas factory in Node (it draws on @napi-rs/canvas). */
interface CanvasFactory {
  create(w: number, h: number): { canvas: { toBuffer(type: 'image/png'): Buffer }; context: unknown };
}

/**
 * Renders each page of a PDF to a PNG at 300 dpi (pdfjs-dist drawing on @napi-rs/canvas), scaled down so that no
 * page exceeds `maxPixels`: a page size written into the file cannot make the server draw a huge bitmap.
 */
export async function renderPdfPages(bytes: Buffer, maxPages: number, maxPixels: number): Promise<Buffer[]> {
  return withPdf(bytes, maxPages, async (doc) => {
    const out: Buffer[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const unit = page.getViewport({ scale: 1 });
      const scale = Math.min(SCALE, Math.sqrt(maxPixels / Math.max(1, unit.width * unit.height)));
      const view = page.getViewport({ scale });
      const [w, h] = [Math.max(1, Math.floor(view.width)), Math.max(1, Math.floor(view.height))];
      const { canvas, context } = (doc as unknown as { canvasFactory: CanvasFactory }).canvasFactory.create(w, h);
      await page.render({ canvasContext: context as never, canvas: canvas as never, viewport: view }).promise;
      out.push(canvas.toBuffer('image/png'));
      page.cleanup();
    }
    return out;
  });
}
