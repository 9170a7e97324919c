/**
 * A multinomial naive Bayes classifier over word tokens, small enough to train in-process on an app's records. The
 * model keeps only counts per value and token (never a record), capped per value so it stays small.
 */
export interface ClassModel {
  /** Training texts with this value. */
  docs: number;
  /** Tokens counted for this value (before the cap; the smoothing uses it). */
  total: number;
  counts: Record<string, number>;
}

export interface NbModel {
  docs: number;
  vocabulary: number;
  classes: Record<string, ClassModel>;
}

export interface Prediction {
  value: string;
  /** Posterior probability of the best value, 0..1. */
  confidence: number;
}

const TOKENS_PER_CLASS = 3000;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Lower-case words of letters and digits; CJK runs (no spaces between words) as character pairs. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    if (CJK.test(word)) {
      const chars = [...word];
      if (chars.length === 1) out.push(word);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
    } else if (word.length > 1) out.push(word);
  }
  return out;
}

/** Trains on (text, value) pairs; undefined when fewer than two values or `minDocs` examples are there. */
export function train(examples: { text: string; value: string }[], minDocs = 5): NbModel | undefined {
  const classes: Record<string, ClassModel> = {};
  const vocab = new Set<string>();
  let docs = 0;
  for (const { text, value } of examples) {
    const tokens = tokenize(text);
    if (!tokens.length) continue;
    const c = (classes[value] ??= { docs: 0, total: 0, counts: {} });
    c.docs++;
    docs++;
    for (const t of tokens) {
      c.counts[t] = (c.counts[t] ?? 0) + 1;
      c.total++;
      vocab.add(t);
    }
  }
  if (docs < minDocs || Object.keys(classes).length < 2) return undefined;
  for (const c of Object.values(classes)) {
    const entries = Object.entries(c.counts);
    if (entries.length > TOKENS_PER_CLASS)
      c.counts = Object.fromEntries(entries.sort((a, b) => b[1] - a[1]).slice(0, TOKENS_PER_CLASS));
  }
  return { docs, vocabulary: vocab.size, classes };
}

/** The most likely value among `allowed` (all when absent); undefined when the text has no known token. */
export function predict(model: NbModel, text: string, allowed?: ReadonlySet<string>): Prediction | undefined {
  const tokens = tokenize(text);
  const known = tokens.filter((t) => Object.values(model.classes).some((c) => t in c.counts));
  if (!known.length) return undefined;
  const scores: [string, number][] = [];
  for (const [value, c] of Object.entries(model.classes)) {
    if (allowed && !allowed.has(value)) continue;
    let s = Math.log(c.docs / model.docs);
    const denom = c.total + model.vocabulary + 1;
    for (const t of known) s += Math.log(((c.counts[t] ?? 0) + 1) / denom);
    scores.push([value, s]);
  }
  if (!scores.length) return undefined;
  const max = Math.max(...scores.map(([, s]) => s));
  const sum = scores.reduce((acc, [, s]) => acc + Math.exp(s - max), 0);
  const [value, best] = scores.reduce((a, b) => (b[1] > a[1] ? b : a));
  return { value, confidence: Math.exp(best - max) / sum };
}
