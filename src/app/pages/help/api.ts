import { api, call } from '../../api/client';
import type { HelpArticle, HelpSummary } from '../../../server/uni-index/schemas';

export type { HelpArticle, HelpSummary } from '../../../server/uni-index/schemas';

export const listHelp = (lang: string, q: string) =>
  call<HelpSummary[]>(api.get('/uni/help', { params: { lang, ...(q.trim() ? { q: q.trim() } : {}) } }));
export const getHelp = (slug: string, lang: string) =>
  call<HelpArticle>(api.get(`/uni/help/${encodeURIComponent(slug)}`, { params: { lang } }));
