import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HELP_LANGS = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'help');

export interface HelpArticle {
  slug: string;
  lang: string;
  title: string;
  body: string;
}

interface LangIndex {
  articles: HelpArticle[];
  /** Term frequencies per article (title terms count three times). */
  tf: Map<string, number>[];
  df: Map<string, number>;
  avgLen: number;
  lens: number[];
}

/**
 * Words of a text: letters and digits in any script; Han and kana runs are cut into overlapping pairs so Japanese
 * and Chinese questions match without a dictionary.
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const w of text
    .toLowerCase()
    .normalize('NFKC')
    .match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(w)) {
      const chars = [...w];
      if (chars.length === 1) out.push(w);
      for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
    } else if (w.length > 1) out.push(w.length > 5 ? w.slice(0, w.length - (w.endsWith('s') ? 1 : 0)) : w);
  }
  return out;
}

function parseArticle(slug: string, lang: string, text: string): HelpArticle {
  const lines = text.replace(/\r/g, '').split('\n');
  const title = (lines[0] ?? '').replace(/^#\s*/, '').trim() || slug;
  return { slug, lang, title, body: lines.slice(1).join('\n').trim() };
}

const indexes = new Map<string, LangIndex>();

function load(lang: string): LangIndex {
  const hit = indexes.get(lang);
  if (hit) return hit;
  const dir = path.join(DIR, lang);
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort()
    : [];
  const articles = files.map((f) => parseArticle(f.slice(0, -3), lang, fs.readFileSync(path.join(dir, f), 'utf8')));
  const df = new Map<string, number>();
  const lens: number[] = [];
  const tf = articles.map((a) => {
    const m = new Map<string, number>();
    const words = [...terms(a.title), ...terms(a.title), ...terms(a.title), ...terms(a.slug), ...terms(a.body)];
    for (const w of words) m.set(w, (m.get(w) ?? 0) + 1);
    for (const w of m.keys()) df.set(w, (df.get(w) ?? 0) + 1);
    lens.push(words.length);
    return m;
  });
  const idx = { articles, tf, df, lens, avgLen: lens.reduce((a, b) => a + b, 0) / Math.max(1, lens.length) };
  indexes.set(lang, idx);
  return idx;
}

export const helpLang = (lang: string | undefined): string =>
  HELP_LANGS.includes((lang ?? '').slice(0, 2) as (typeof HELP_LANGS)[number]) ? lang!.slice(0, 2) : 'en';

export function listHelp(lang: string): HelpArticle[] {
  return load(helpLang(lang)).articles;
}

/** One article in the language, or in English when it has not been written in that language. */
export function helpArticle(slug: string, lang: string): HelpArticle | undefined {
  return load(helpLang(lang)).articles.find((a) => a.slug === slug) ?? load('en').articles.find((a) => a.slug === slug);
}

/** BM25 over the articles of one language, best first. */
export function searchHelp(query: string, lang: string, limit: number): { article: HelpArticle; score: number }[] {
  const idx = load(helpLang(lang));
  const q = [...new Set(terms(query))];
  const n = idx.articles.length;
  const scored = idx.articles.map((article, i) => {
    let score = 0;
    for (const w of q) {
      const f = idx.tf[i]!.get(w);
      if (!f) continue;
      const idf = Math.log(1 + (n - idx.df.get(w)! + 0.5) / (idx.df.get(w)! + 0.5));
      score += (idf * f * 2.2) / (f + 1.2 * (0.25 + 0.75 * (idx.lens[i]! / idx.avgLen)));
    }
    return { article, score };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
