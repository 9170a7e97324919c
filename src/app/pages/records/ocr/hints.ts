import type { OcrMappedField, OcrPage } from '../../../../../schemas/api/ocr';
import type { HintsBody } from '../../../../server/ocr/schemas';
import { unionBox } from '../../../../../runtime/ocr-mapping';

type Correction = HintsBody['corrections'][number];
const norm = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}.,-]/gu, '');

/**
 * The user's corrections: for each field of the form whose saved value is not what the document filled in (a value
 * changed, or typed where nothing was found), where the saved value stands on the page (the words that spell it). The server reads the label next to that box from the job's own
 * words. A value that is not on the page teaches nothing and is left out.
 */
export function corrections(
  pages: OcrPage[],
  applied: OcrMappedField[],
  saved: Record<string, unknown>,
  fields: string[],
): Correction[] {
  const out: Correction[] = [];
  for (const field of fields) {
    const now = saved[field];
    const was = applied.find((a) => a.field === field)?.value;
    if (now === undefined || now === null || now === '' || String(now) === was) continue;
    const wanted = String(now).split(/\s+/).map(norm).filter(Boolean);
    if (!wanted.length) continue;
    for (const page of pages) {
      const words = page.words;
      const at = words.findIndex((_, i) => wanted.every((w, k) => words[i + k] && norm(words[i + k]!.text) === w));
      const box = at < 0 ? null : unionBox(words.slice(at, at + wanted.length));
      if (!box) continue;
      out.push({ field, value: String(now).slice(0, 1000), page: page.page, box });
      break;
    }
  }
  return out;
}
