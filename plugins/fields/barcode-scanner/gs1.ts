/**
 * GS1 element strings: application identifiers (AIs) and their data, as a scanner hands them over. Either in
 * the human-readable form "(01)09501101530003(10)AB12" or raw, where a variable-length element ends with the
 * FNC1 group separator (\x1d) unless it is the last one, optionally after a symbology identifier ("]C1", "]d2").
 */

/** How many digits an AI has, by its first two digits (GS1 General Specifications, AI table). */
function aiLength(prefix: string): number | undefined {
  if (!/^\d\d$/.test(prefix)) return undefined;
  const n = Number(prefix);
  if (n <= 4 || (n >= 10 && n <= 22) || n === 30 || n === 37 || n >= 90) return 2;
  if ((n >= 23 && n <= 25) || (n >= 40 && n <= 42) || n === 71) return 3;
  if ((n >= 31 && n <= 36) || n === 39 || n === 43 || n === 70 || n === 72 || (n >= 80 && n <= 82)) return 4;
  return undefined;
}

/** Data length of the AIs whose length is fixed by their first two digits (no separator follows them). */
function fixedDataLength(ai: string): number | undefined {
  const p = Number(ai.slice(0, 2));
  if (p === 0) return 18;
  if (p >= 1 && p <= 3) return 14;
  if (p === 4) return 16;
  if (p >= 11 && p <= 19) return 6;
  if (p === 20) return 2;
  if (p >= 31 && p <= 36) return 6;
  if (p === 41) return 13;
  return undefined;
}

export type Gs1Result = { ok: true; elements: Record<string, string> } | { ok: false; problem: 'gs1' };

const SYMBOLOGY_ID = /^\][A-Za-z][0-9A-Za-z]/;
const GS = '\x1d';

/** The AIs of an element string and their data; a string that is not GS1 answers `{ ok: false }`. */
export function parseGs1(input: string): Gs1Result {
  let text = input.trim().replace(SYMBOLOGY_ID, '');
  while (text.startsWith(GS)) text = text.slice(1);
  const elements = text.startsWith('(') ? parseBracketed(text) : parseRaw(text);
  return elements && Object.keys(elements).length ? { ok: true, elements } : { ok: false, problem: 'gs1' };
}

/** An AI in brackets is one whose length fits its first two digits; anything else in brackets is data. */
function bracketedAt(text: string, i: number): string | undefined {
  const m = /^\((\d{2,4})\)/.exec(text.slice(i));
  return m && aiLength(m[1]!.slice(0, 2)) === m[1]!.length ? m[1] : undefined;
}

function parseBracketed(text: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    const ai = bracketedAt(text, i);
    if (!ai) return undefined;
    i += ai.length + 2;
    let end = i;
    while (end < text.length && !(text[end] === '(' && bracketedAt(text, end))) end++;
    const data = text.slice(i, end).replaceAll(GS, '');
    const fixed = fixedDataLength(ai);
    if (!data || (fixed !== undefined && data.length !== fixed)) return undefined;
    out[ai] = data;
    i = end;
  }
  return out;
}

function parseRaw(text: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  let i = 0;
  while (i < text.length) {
    if (text[i] === GS) {
      i++;
      continue;
    }
    const len = aiLength(text.slice(i, i + 2));
    const ai = text.slice(i, i + (len ?? 0));
    if (!len || !/^\d+$/.test(ai) || ai.length !== len) return undefined;
    i += len;
    const fixed = fixedDataLength(ai);
    let end = fixed !== undefined ? i + fixed : text.indexOf(GS, i);
    if (end < 0) end = text.length;
    const data = text.slice(i, end);
    if (!data || (fixed !== undefined && data.length !== fixed)) return undefined;
    out[ai] = data;
    i = end;
  }
  return out;
}
