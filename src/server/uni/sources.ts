import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { retrievePassages } from '../uni-index/retrieve.js';
import type { Citation } from './schemas.js';

/** How many passages an answer rests on. */
export const PASSAGES = 5;

/** The passages the user may read (the index applies the access module), as citations with same-site links. */
export async function findPassages(tdb: TenantDb, user: AuthUser, query: string, lang: string): Promise<Citation[]> {
  const found = await retrievePassages(tdb, user, query, { limit: PASSAGES, lang });
  return found
    .filter((p) => typeof p.link === 'string' && p.link.startsWith('/') && !p.link.startsWith('//'))
    .map((p) => ({
      source: String(p.source),
      id: String(p.id),
      title: p.title,
      snippet: p.snippet,
      link: p.link,
      score: Number(p.score) || 0,
    }));
}
