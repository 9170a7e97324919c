import { parseGs1 } from './gs1';

export const PAYLOAD_FORMATS = ['plain', 'delimited', 'json', 'gs1'] as const;
export type PayloadFormat = (typeof PAYLOAD_FORMATS)[number];

/** One part of a scanned code copied into a field: a position (delimited, from 1), a key or path (JSON), an AI (GS1). */
export interface PayloadMapping {
  part: string;
  field: string;
}

export interface PayloadSettings {
  payload: PayloadFormat;
  /** Between the parts of a delimited code; `\t` stands for a tab. */
  separator: string;
  mapping: PayloadMapping[];
}

export interface ParsedPayload {
  /** Field name -> text to put into it. */
  values: Record<string, string>;
  /** The code is not in the format the settings expect (nothing is copied then). */
  problem?: 'json' | 'gs1';
  /** Mapped parts the code does not have (their fields are left as they are). */
  missing: string[];
}

const dict = (): Record<string, string> => Object.create(null) as Record<string, string>;

/** `(01)` and `01` name the same AI. */
const aiName = (part: string) => part.trim().replace(/^\((\d+)\)$/, '$1');

/** Reads a key or a dotted path (`lot.number`) of a parsed JSON object, own properties only. */
function readPath(obj: unknown, path: string): unknown {
  let at: unknown = obj;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object' || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

const asText = (v: unknown): string | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * What one scan puts into other fields of the form, by the field's settings. A plain code fills only the scanner's
 * own field. Pure, so it is tested without a camera.
 */
export function parsePayload(text: string, s: PayloadSettings): ParsedPayload {
  const values = dict();
  const missing: string[] = [];
  const mapped = s.mapping.filter((m) => m.part.trim() && m.field.trim());
  if (s.payload === 'plain' || !mapped.length) return { values, missing };
  let read: (part: string) => string | undefined;
  if (s.payload === 'delimited') {
    const sep = (s.separator || ',').replaceAll('\\t', '\t');
    const parts = text.replace(/\r?\n$/, '').split(sep);
    read = (part) => {
      const i = Number(part.trim());
      return Number.isInteger(i) && i >= 1 && i <= parts.length ? parts[i - 1]!.trim() : undefined;
    };
  } else if (s.payload === 'json') {
    let obj: unknown;
    try {
      obj = JSON.parse(text);
    } catch {
      return { values, missing, problem: 'json' };
    }
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return { values, missing, problem: 'json' };
    read = (part) => asText(readPath(obj, part.trim()));
  } else {
    const gs1 = parseGs1(text);
    if (!gs1.ok) return { values, missing, problem: 'gs1' };
    read = (part) => (Object.hasOwn(gs1.elements, aiName(part)) ? gs1.elements[aiName(part)] : undefined);
  }
  for (const m of mapped) {
    const v = read(m.part);
    if (v === undefined) missing.push(m.part.trim());
    else values[m.field.trim()] = v;
  }
  return { values, missing };
}
