/** The shared text rules of spec section 5, word for word. Used by forms, app names and the server alike. */
export const TEXT_MESSAGES = {
  special: 'Cannot contain special characters',
  max40: 'Cannot exceed 40 characters',
  leadingSpace: 'Cannot start with a space',
  leadingDigit: 'Cannot start with a number',
  digitsOnly: 'The field should have digits only',
} as const;

const SPECIAL = /[^\p{L}\p{N} _\-.,'&()]/u;

/** Values that look like JSON, dates or times are exempt from the text rules (spec section 5). */
export function looksStructured(v: string): boolean {
  const s = v.trim();
  if ((s.startsWith('{') && s.endsWith('}')) || (s.startsWith('[') && s.endsWith(']'))) {
    try {
      JSON.parse(s);
      return true;
    } catch {
      /* not JSON */
    }
  }
  return (
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(s) ||
    /^\d{1,2}:\d{2}(:\d{2})?$/.test(s)
  );
}

/** Name rules: no special characters, at most `max` characters (40; 64 for user names), no leading space or digit. */
export function nameRuleProblems(v: string, max = 40): string[] {
  if (looksStructured(v)) return [];
  const out: string[] = [];
  if (v.startsWith(' ')) out.push(TEXT_MESSAGES.leadingSpace);
  else if (/^\p{N}/u.test(v)) out.push(TEXT_MESSAGES.leadingDigit);
  if (SPECIAL.test(v)) out.push(TEXT_MESSAGES.special);
  if (v.length > max) out.push(max === 40 ? TEXT_MESSAGES.max40 : `Cannot exceed ${max} characters`);
  return out;
}

/** The generic length messages of spec section 5 (as the sign-in form words them). */
export const minLengthMessage = (n: number) => `Minimum ${n} characters`;
export const maxLengthMessage = (n: number) => `Maximum ${n} characters`;

export function digitsOnlyProblem(v: string): string | undefined {
  return /^\d*$/.test(v) ? undefined : TEXT_MESSAGES.digitsOnly;
}

/** Spec: a value counts as empty when null, an empty string, an empty array or an empty object. */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  if (typeof v === 'object') return Object.keys(v as object).length === 0;
  return false;
}
