/**
 * How a value read from a document is typed for its field: numbers lose currency signs and thousand separators,
 * dates become YYYY-MM-DD, text is trimmed. Pure; used by runtime/ocr-mapping.
 */

/** How a value is typed: numbers lose currency and thousand separators, dates become YYYY-MM-DD. */
export type OcrValueKind = 'text' | 'number' | 'date';
const NUMBER_TYPES = /^(number|decimal|currency|slider|rating|calculation-number|calculation-currency)$/;
const DATE_TYPES = /^(date|datetime|calculation-date|calculation-date-time)$/;

/** The value kind of a field type of the module definition. */
export function valueKindOf(fieldType: string | undefined): OcrValueKind {
  if (fieldType && NUMBER_TYPES.test(fieldType)) return 'number';
  if (fieldType && DATE_TYPES.test(fieldType)) return 'date';
  return 'text';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORDS: Record<string, number> = {
  ...Object.fromEntries(MONTHS.map((m, i) => [m, i + 1])),
  mär: 3,
  mrz: 3,
  mai: 5,
  okt: 10,
  dez: 12,
  ene: 1,
  abr: 4,
  ago: 8,
  dic: 12,
  janv: 1,
  févr: 2,
  fevr: 2,
  avr: 4,
  juil: 7,
  déc: 12,
};

function isoDate(y: number, m: number, d: number): string | undefined {
  if (y < 100) y += 2000;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return undefined;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Common written dates to YYYY-MM-DD; day first unless only month first makes sense (03/25/2024). */
export function normaliseDate(raw: string): string {
  const s = raw.trim().normalize('NFKC');
  const n = (m: RegExpExecArray, i: number) => Number(m[i]);
  const month = (w: string | undefined) => {
    const k = (w ?? '').toLowerCase().replace(/\.$/, '');
    return MONTH_WORDS[k] ?? MONTH_WORDS[k.slice(0, 3)];
  };
  let m = /(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})/.exec(s);
  if (m) return isoDate(n(m, 1), n(m, 2), n(m, 3)) ?? s;
  m = /(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4}|\d{2})(?!\d)/.exec(s);
  if (m) return isoDate(n(m, 3), n(m, 2), n(m, 1)) ?? isoDate(n(m, 3), n(m, 1), n(m, 2)) ?? s;
  m = /(\d{1,2})\.?\s+(?:de\s+)?(\p{L}+\.?)\s+(?:de\s+)?(\d{4})/u.exec(s);
  let mo = m && month(m[2]);
  if (m && mo) return isoDate(n(m, 3), mo, n(m, 1)) ?? s;
  m = /(\p{L}+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})/u.exec(s);
  mo = m && month(m[1]);
  if (m && mo) return isoDate(n(m, 3), mo, n(m, 2)) ?? s;
  return s;
}

/** A written amount as a plain number: `€ 1.234,50` → `1234.50`, `$1,234` → `1234`; unchanged when no digits. */
export function normaliseNumber(raw: string): string {
  // Letters OCR confuses with digits, when they sit among digits.
  const s = raw
    .trim()
    .replace(/(?<=\d)[Oo]|[Oo](?=\d)/g, '0')
    .replace(/(?<=\d)[lI]|[lI](?=\d)/g, '1');
  const negative = /^\(.*\)$|^-|-$|^[^\d]*-/.test(s);
  let body = s.replace(/[^\d.,]/g, '');
  if (!/\d/.test(body)) return raw.trim();
  body = body.replace(/^[.,]+|[.,]+$/g, '');
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let decimal: string | undefined;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else {
    const sep = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : undefined;
    // One separator followed by exactly three digits is read as thousands (1,234); otherwise as the decimal mark.
    if (sep && body.split(sep).length === 2 && !/^\d{1,3}[.,]\d{3}$/.test(body)) decimal = sep;
  }
  const [int, frac] = decimal
    ? [body.slice(0, body.lastIndexOf(decimal)), body.slice(body.lastIndexOf(decimal) + 1)]
    : [body, ''];
  const digits = int.replace(/[.,]/g, '') || '0';
  return `${negative ? '-' : ''}${digits.replace(/^0+(?=\d)/, '')}${frac ? `.${frac}` : ''}`;
}

export function typedValue(raw: string, kind: OcrValueKind | undefined): string {
  const s = raw.trim();
  if (kind === 'number') return normaliseNumber(s);
  if (kind === 'date') return normaliseDate(s);
  return s.replace(/\s+/g, ' ');
}
