import { notFound } from '../http/errors.js';
import { helpArticle, listHelp, searchHelp } from './help.js';
import type { HelpArticle, HelpSummary } from './schemas.js';

const summary = (a: { slug: string; title: string; body: string }): HelpSummary => ({
  slug: a.slug,
  title: a.title,
  snippet: clip(a.body.replace(/[#*_`>]/g, '').replace(/\s+/g, ' ')),
});

/** At most 160 characters, cut at a word with an ellipsis. */
function clip(text: string): string {
  if (text.length <= 160) return text;
  const cut = text.slice(0, 159);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 100 ? cut.lastIndexOf(' ') : 159)}…`;
}

/** The help articles in the language, or those matching a search, best first. */
export function helpList(lang: string, q?: string): HelpSummary[] {
  if (q?.trim()) return searchHelp(q, lang, 20).map((h) => summary(h.article));
  return listHelp(lang)
    .map(summary)
    .sort((a, b) => a.title.localeCompare(b.title, lang));
}

export function helpPage(slug: string, lang: string): HelpArticle {
  const a = helpArticle(slug, lang);
  if (!a) throw notFound('Help article not found');
  return a;
}
