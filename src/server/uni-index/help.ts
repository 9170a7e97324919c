import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { terms } from './terms.js';

export const HELP_LANGS = ['en', 'de', 'es', 'fr', 'ja', 'zh'] as const;
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'help');

export interface HelpArticle {
  slug: string;
  lang: string;
  title: string;
  body: string;
}

function parseArticle(slug: string, lang: string, text: string): HelpArticle {
  const lines = text.replace(/\r/g, '').split('\n');
  const title = (lines[0] ?? '').replace(/^#\s*/, '').trim() || slug;
  return { slug, lang, title, body: lines.slice(1).join('\n').trim() };
}

const articles = new Map<string, HelpArticle[]>();

function load(lang: string): HelpArticle[] {
  const hit = articles.get(lang);
  if (hit) return hit;
  const dir = path.join(DIR, lang);
  const files = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .sort()
    : [];
  const list = files.map((f) => parseArticle(f.slice(0, -3), lang, fs.readFileSync(path.join(dir, f), 'utf8')));
  articles.set(lang, list);
  return list;
}

export const helpLang = (lang: string | undefined): string =>
  HELP_LANGS.includes((lang ?? '').slice(0, 2) as (typeof HELP_LANGS)[number]) ? lang!.slice(0, 2) : 'en';

export function listHelp(lang: string): HelpArticle[] {
  return load(helpLang(lang));
}

/** One article in the language, or in English when it has not been written in that language. */
export function helpArticle(slug: string, lang: string): HelpArticle | undefined {
  return load(helpLang(lang)).find((a) => a.slug === slug) ?? load('en').find((a) => a.slug === slug);
}

/** The words an article is found by: its title, and its slug with its text (scored as one body). */
export function helpWords(a: HelpArticle): { title: string[]; body: string[] } {
  return { title: terms(a.title), body: [...terms(a.slug), ...terms(a.body)] };
}

/** Every article of every language, and a hash of them all (the index reloads them when it changes). */
export function allHelp(): { version: string; articles: HelpArticle[] } {
  const list = HELP_LANGS.flatMap((l) => load(l));
  const hash = crypto.createHash('sha256');
  for (const a of list) hash.update(`${a.lang}\u0000${a.slug}\u0000${a.title}\u0000${a.body}\u0001`);
  return { version: `help:${hash.digest('hex').slice(0, 16)}`, articles: list };
}

const stats = new Map<string, { n: number; avgLen: number }>();

/** How many articles a language has and their mean length in words (title words count three times), for BM25. */
export function helpStats(lang: string): { n: number; avgLen: number } {
  const l = helpLang(lang);
  const hit = stats.get(l);
  if (hit) return hit;
  const lens = load(l).map((a) => {
    const w = helpWords(a);
    return 3 * w.title.length + w.body.length;
  });
  const out = { n: lens.length, avgLen: lens.reduce((a, b) => a + b, 0) / Math.max(1, lens.length) };
  stats.set(l, out);
  return out;
}
