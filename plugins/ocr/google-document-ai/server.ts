import type { OcrPage, OcrWord } from '../../../schemas/api/ocr';
import { defineOcrServer } from '../../../runtime/ocr-registry';
import { imageInfo } from '../../../runtime/ocr-registry-node';
import { manifest } from './manifest';

/** The parts of Document AI's `Document` (v1, documents:process answer) that we read. */
interface Segment {
  startIndex?: string | number;
  endIndex?: string | number;
}
interface Layout {
  textAnchor?: { textSegments?: Segment[] };
  confidence?: number;
  boundingPoly?: { normalizedVertices?: { x?: number; y?: number }[] };
}
interface DocPage {
  pageNumber?: number;
  dimension?: { width?: number; height?: number };
  lines?: { layout?: Layout }[];
  tokens?: { layout?: Layout }[];
}
interface ProcessAnswer {
  document?: { text?: string; pages?: DocPage[] };
}

const start = (l?: Layout) => Number(l?.textAnchor?.textSegments?.[0]?.startIndex ?? 0);
const textOf = (text: string, l?: Layout) =>
  (l?.textAnchor?.textSegments ?? [])
    .map((s) => text.slice(Number(s.startIndex ?? 0), Number(s.endIndex ?? 0)))
    .join('');

/** Document AI's pages (normalized vertices) to ours (pixels of the page, lines numbered by Document AI's lines). */
export function toPages(answer: ProcessAnswer, fallback: { width: number; height: number }): OcrPage[] {
  const text = answer.document?.text ?? '';
  return (answer.document?.pages ?? []).map((p, i) => {
    const width = p.dimension?.width || fallback.width;
    const height = p.dimension?.height || fallback.height;
    const lineStarts = (p.lines ?? []).map((l) => start(l.layout));
    const words: OcrWord[] = [];
    for (const t of p.tokens ?? []) {
      const word = textOf(text, t.layout).trim();
      if (!word) continue;
      const v = t.layout?.boundingPoly?.normalizedVertices ?? [];
      const xs = v.map((q) => (q.x ?? 0) * width);
      const ys = v.map((q) => (q.y ?? 0) * height);
      const at = start(t.layout);
      words.push({
        text: word,
        confidence: Math.round((t.layout?.confidence ?? 0) * 100),
        line: Math.max(1, lineStarts.filter((s) => s <= at).length),
        box: xs.length
          ? {
              x: Math.min(...xs),
              y: Math.min(...ys),
              width: Math.max(...xs) - Math.min(...xs),
              height: Math.max(...ys) - Math.min(...ys),
            }
          : { x: 0, y: 0, width: 0, height: 0 },
      });
    }
    const pageText = (p.lines ?? []).map((l) => textOf(text, l.layout)).join('') || text;
    return { page: p.pageNumber ?? i + 1, width, height, text: pageText, words };
  });
}

/** POST {processor}:process with the image inline (rawDocument), the tenant's token as a bearer token. */
export const server = defineOcrServer({
  manifest,
  async recognize(image, opts) {
    const info = imageInfo(image);
    if (!info) throw new Error('The file is not an image this provider reads (PNG, JPEG, TIFF or WebP).');
    if (!opts.token || !opts.endpoint)
      throw new Error('Store the processor address and API token for Google Document AI.');
    const res = await opts.fetch(`${opts.endpoint.replace(/\/+$/, '')}:process`, {
      method: 'POST',
      headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        rawDocument: { content: image.toString('base64'), mimeType: info.type },
        skipHumanReview: true,
      }),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`Google Document AI answered ${res.status}.`);
    }
    let answer: ProcessAnswer;
    try {
      answer = (await res.json()) as ProcessAnswer;
    } catch {
      throw new Error("Google Document AI's answer is not JSON.");
    }
    return toPages(answer, info);
  },
});
