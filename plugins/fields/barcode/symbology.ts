/**
 * What each symbology can hold, shared by the manifest's checks and the renderer. Pure: runs in the browser and on
 * the server. Names are the symbologies' own (they are not translated).
 */
export const SYMBOLOGIES = ['qrcode', 'code128', 'ean13', 'datamatrix', 'pdf417'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

export const SYMBOLOGY_NAMES: Record<Symbology, string> = {
  qrcode: 'QR Code',
  code128: 'Code 128',
  ean13: 'EAN-13',
  datamatrix: 'Data Matrix',
  pdf417: 'PDF417',
};

/** Largest payload in UTF-8 bytes (byte mode, lowest error correction) for the 2D codes. */
const MAX_BYTES: Partial<Record<Symbology, number>> = { qrcode: 2953, datamatrix: 1556, pdf417: 1100 };
const CODE128_MAX = 80;

/** The EAN-13 check digit of the first 12 digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

const utf8Length = (s: string) => new TextEncoder().encode(s).length;

/** Why `text` cannot be drawn as `symbology`, in words for the person typing it; empty when it can. */
export function symbologyProblems(text: string, symbology: Symbology): string[] {
  if (symbology === 'ean13') {
    if (!/^\d+$/.test(text)) return ['An EAN-13 code holds digits only'];
    if (text.length !== 12 && text.length !== 13) return ['An EAN-13 code has 13 digits (12 without the check digit)'];
    const check = ean13CheckDigit(text);
    if (text.length === 13 && Number(text[12]) !== check)
      return [`The EAN-13 check digit is wrong: it should be ${check}`];
    return [];
  }
  if (symbology === 'code128') {
    if (/[^\x20-\x7e]/.test(text)) return ['Code 128 holds letters, digits, spaces and ASCII symbols only'];
    if (text.length > CODE128_MAX) return [`Code 128 holds at most ${CODE128_MAX} characters`];
    return [];
  }
  const max = MAX_BYTES[symbology]!;
  return utf8Length(text) > max ? [`${SYMBOLOGY_NAMES[symbology]} holds at most ${max} bytes`] : [];
}

/** Longest text the value schema lets through per symbology (the checks above are finer). */
export const MAX_LENGTH: Record<Symbology, number> = {
  qrcode: 2953,
  code128: CODE128_MAX,
  ean13: 13,
  datamatrix: 1556,
  pdf417: 1100,
};
