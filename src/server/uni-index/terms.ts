/**
 * The words the index stores and the questions are cut into, the same on both databases: lower case, Latin accents
 * folded, long words without a plural s, and Han and kana runs cut into overlapping pairs so Japanese and Chinese
 * match without a dictionary. The databases match these words verbatim (FTS5 ascii tokenizer, array_to_tsvector).
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  const folded = text
    .toLowerCase()
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC');
  for (const w of folded.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(w)) {
      const chars = [...w];
      if (chars.length === 1) out.push(w);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
    } else if (w.length > 1) out.push(w.length > 5 && w.endsWith('s') ? w.slice(0, -1) : w);
  }
  return out;
}

/** Words every text has; they would match most passages and rank nothing. */
export const STOP = new Set(
  'how do does can could i my me we our you your the a an to of in on for with and or is are be it this that what where when who which from at by as not no'.split(
    ' ',
  ),
);

const MAX_TERMS = 12;

/** A question's words (stop words and repeats dropped); the last one may be half typed, so it is a prefix. */
export interface QueryWords {
  words: string[];
  /** The last word also matches longer words (it is not a CJK pair, which is whole by construction). */
  prefixLast: boolean;
}

export function queryWords(query: string): QueryWords {
  const all = terms(query.slice(0, 500));
  const words = [...new Set(all.filter((w) => !STOP.has(w)))].slice(0, MAX_TERMS);
  const last = words.at(-1) ?? '';
  return { words, prefixLast: /^[\p{Script=Latin}\p{N}]+$/u.test(last) && !/\s$/.test(query) };
}
