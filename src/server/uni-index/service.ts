import { notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { helpArticle, listHelp } from './help.js';
import { retrieveHelp } from './retrieve.js';
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

/** The help articles in the language, or those matching a search (in the tenant's index), best first. */
export async function helpList(tdb: TenantDb, user: AuthUser, lang: string, q?: string): Promise<HelpSummary[]> {
  if (q?.trim())
    return (await retrieveHelp(tdb, user, q, lang, 20)).flatMap((slug) => {
      const a = helpArticle(slug, lang);
      return a ? [summary(a)] : [];
    });
  return listHelp(lang)
    .map(summary)
    .sort((a, b) => a.title.localeCompare(b.title, lang));
}

export function helpPage(slug: string, lang: string): HelpArticle {
  const a = helpArticle(slug, lang);
  if (!a) throw notFound('Help article not found');
  return a;
}
