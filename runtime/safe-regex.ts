import type { CodeOptions } from 'ajv';
import { RE2JS } from 're2js';

/**
 * The one way a pattern someone typed (a field's regex, a validation rule, a lookup filter, a JSON Schema
 * `pattern`) becomes something that matches text. RE2 runs in time linear in the input whatever the pattern, so
 * `^(a+)+$` cannot stall the server or the browser; it has no back-references or look-around, and such patterns
 * are refused when the definition is saved. Never `new RegExp(userText)`.
 */

/** Longer patterns are refused (the module definition allows 500 characters for a field's regex). */
export const MAX_PATTERN_LENGTH = 500;
/**
 * Matching costs at most (input length × program size); RE2 already caps each repetition at 1,000, this caps a
 * pattern made of many of them.
 */
export const MAX_PROGRAM_SIZE = 2000;
const CACHE_SIZE = 1000;

export class PatternError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatternError';
  }
}

/** What a compiled pattern offers: the part of RegExp the callers (and ajv) use. */
export interface SafeRegExp {
  readonly source: string;
  readonly flags: string;
  test(input: string): boolean;
  toString(): string;
}

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0 };

/** Why RE2 refused a pattern, in words for the designer. */
function reason(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  if (/invalid escape sequence: `\\(?:[1-9]|k)/.test(msg))
    return 'the pattern is not supported: back-references (\\1, \\k<name>) cannot be used';
  if (/`\(\?<?[=!]/.test(msg)) return 'the pattern is not supported: look-ahead and look-behind cannot be used';
  return `the pattern is not a valid regular expression (${msg.replace(/^error parsing regexp: /, '')})`;
}

function build(source: string, flags: string): SafeRegExp {
  if (typeof source !== 'string') throw new PatternError('the pattern is not text');
  if (source.length > MAX_PATTERN_LENGTH)
    throw new PatternError(`the pattern is longer than ${MAX_PATTERN_LENGTH} characters`);
  let bits = 0;
  for (const f of flags) {
    const bit = Object.hasOwn(FLAG_BITS, f) ? FLAG_BITS[f] : undefined;
    if (bit === undefined) throw new PatternError(`the pattern flag '${f}' is not supported`);
    bits |= bit;
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(source), bits);
  } catch (err) {
    throw new PatternError(reason(err));
  }
  if (re.programSize() > MAX_PROGRAM_SIZE) throw new PatternError('the pattern is too complex');
  const text = `/${source}/${flags}`;
  return {
    source,
    flags,
    // RE2JS.test finds a match anywhere, like RegExp.prototype.test without the g flag.
    test: (input) => re.test(String(input)),
    toString: () => text,
  };
}

/** Compiled patterns and refusals, by flags and source; the oldest entry goes first when the cache is full. */
const cache = new Map<string, SafeRegExp | PatternError>();

/** Compiles a pattern (JavaScript syntax; flags among i, m, s, u) once; throws PatternError with a reason. */
export function safeRegExp(source: string, flags = ''): SafeRegExp {
  const key = `${flags}/${source}`;
  let hit = cache.get(key);
  if (!hit) {
    try {
      hit = build(source, flags);
    } catch (err) {
      if (!(err instanceof PatternError)) throw err;
      hit = err;
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, hit);
  }
  if (hit instanceof PatternError) throw hit;
  return hit;
}

/** Why a pattern cannot be used, or undefined when it can ('the pattern is …', to follow a field's label). */
export function patternProblem(source: string, flags = ''): string | undefined {
  try {
    safeRegExp(source, flags);
    return undefined;
  } catch (err) {
    if (err instanceof PatternError) return err.message;
    throw err;
  }
}

/** Whether the pattern finds a match in the text; throws PatternError for a pattern that cannot be used. */
export function matchesPattern(source: string, text: string, flags = ''): boolean {
  return safeRegExp(source, flags).test(text);
}

/** ajv's `code.regExp` option: schema `pattern` keywords compile through RE2 too. */
export const ajvRegExpEngine: NonNullable<CodeOptions['regExp']> = Object.assign(
  (pattern: string, u: string) => {
    try {
      return safeRegExp(pattern, u);
    } catch (err) {
      // ajv reports this as a schema that does not compile.
      throw new Error(`pattern /${pattern}/: ${(err as Error).message}`);
    }
  },
  { code: 'safeRegExp' },
);
