import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { mayActOnModule, parsePermission, teamsOf, visibleRecordsWhere } from '../access/index.js';
import { recordDetail } from '../records/detail.js';
import { readableReports } from '../reports/queries.js';
import { searchHelp } from './help.js';
import { syncIndex } from './indexer.js';
import type { Passage, RetrieveOptions } from './schemas.js';

const SNIPPET = 240;
const MAX_TERMS = 12;

/** Query words for the full-text engines: letters and digits only, so nothing in them is query syntax. */
function queryWords(query: string): string[] {
  const words =
    query
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length > 1 || /[^a-z0-9]/.test(w)))].slice(0, MAX_TERMS);
}

const snippet = (text: string) => {
  const flat = text
    .replace(/[#*_`>[\]()]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > SNIPPET ? `${flat.slice(0, SNIPPET - 1)}…` : flat;
};

/** The apps whose passages the user may read: view rights on published apps, design rights on unpublished ones. */
async function readableApps(tdb: TenantDb, user: AuthUser): Promise<string[]> {
  const apps = await tdb
    .selectFrom('modules')
    .select(['id', 'permission', 'published_version'])
    .where('deleted_on', 'is', null)
    .execute();
  const teams = await teamsOf(tdb, user.id);
  return apps
    .filter((m) =>
      mayActOnModule(user, parsePermission(m.permission), m.published_version === null ? 'design' : 'view', teams),
    )
    .map((m) => m.id);
}

type P = ExpressionBuilder<DB, 'uni_passages'>;

/** The passage rows the user may read, as a SQL condition (records are checked once more field by field below). */
function mayRead(eb: P, tdb: TenantDb, user: AuthUser, apps: string[], teams: string[]) {
  const inApps = apps.length ? eb('uni_passages.module_id', 'in', apps) : sql<SqlBool>`1 = 0`;
  const visible = tdb
    .selectFrom('records')
    .select(sql`1`.as('one'))
    .where(sql<SqlBool>`records.id = uni_passages.ref_id`)
    .where((r) =>
      r.or([
        r.and([r('records.is_draft', '=', 0), visibleRecordsWhere(r, user, false) ?? sql<SqlBool>`1 = 1`]),
        r.and([r('records.is_draft', '=', 1), visibleRecordsWhere(r, user, true)!]),
      ]),
    );
  return eb.or([
    eb.and([eb('uni_passages.source', 'in', ['app', 'workflow']), inApps]),
    eb.and([
      eb('uni_passages.source', '=', 'report'),
      eb('uni_passages.ref_id', 'in', readableReports(tdb, user, teams).select('reports.id')),
    ]),
    eb.and([eb('uni_passages.source', '=', 'record'), inApps, eb.exists(visible)]),
  ]);
}

interface Hit {
  source: Passage['source'];
  ref_id: string;
  module_id: string;
  field: string;
  title: string;
  body: string;
  link: string;
  score: number;
}

/** How many best full-text matches the access filter looks at; a user who may read none of them gets none. */
const CANDIDATES = 300;

/** The best matches of the tenant by full-text rank alone (ids and scores, higher is better). */
async function candidates(tdb: TenantDb, words: string[], all: boolean): Promise<Map<number, number>> {
  if (tdb.dialect === 'postgres') {
    const q = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(all ? ' & ' : ' | ');
    const rows = await tdb
      .selectFrom('uni_passages')
      .select('id')
      .select(sql<number>`ts_rank(uni_passages.tsv, to_tsquery('simple', ${q}))`.as('score'))
      .where(sql<SqlBool>`uni_passages.tsv @@ to_tsquery('simple', ${q})`)
      .orderBy('score', 'desc')
      .limit(CANDIDATES)
      .execute();
    return new Map(rows.map((r) => [Number(r.id), Number(r.score)]));
  }
  // Only the last word as a prefix (it may be half typed): prefixes of every word cost a scan each.
  const q = words.map((w, i) => (i === words.length - 1 ? `"${w}"*` : `"${w}"`)).join(all ? ' AND ' : ' OR ');
  const rows = await tdb
    .selectFrom('uni_passages_fts')
    .select(sql<number>`uni_passages_fts.rowid`.as('id'))
    .select(sql<number>`bm25(uni_passages_fts, 0.0, 3.0, 1.0)`.as('score'))
    .where(sql<SqlBool>`uni_passages_fts match ${q}`)
    .orderBy('score')
    .limit(CANDIDATES)
    .execute();
  // bm25 is lower-is-better and negative; turn it round so higher is better everywhere.
  return new Map(rows.map((r) => [Number(r.id), -Number(r.score)]));
}

/** Words every text has; they would match most passages and rank nothing. */
const STOP = new Set(
  'how do does can could i my me we our you your the a an to of in on for with and or is are be it this that what where when who which from at by as not no'.split(
    ' ',
  ),
);

/** Passages holding every word first (few and cheap to rank); any word only when those are too few. */
async function bestMatches(tdb: TenantDb, words: string[], limit: number): Promise<Map<number, number>> {
  const useful = words.filter((w) => !STOP.has(w));
  if (!useful.length) return new Map();
  const every = await candidates(tdb, useful, true);
  if (every.size >= limit * 4 || useful.length === 1) return every;
  return new Map([...(await candidates(tdb, useful, false)), ...every]);
}

async function tenantHits(tdb: TenantDb, user: AuthUser, words: string[], limit: number): Promise<Hit[]> {
  const scores = await bestMatches(tdb, words, limit);
  if (!scores.size) return [];
  const apps = await readableApps(tdb, user);
  const teams = [...(await teamsOf(tdb, user.id))];
  const rows = await tdb
    .selectFrom('uni_passages')
    .select(['id', 'source', 'ref_id', 'module_id', 'field', 'title', 'body', 'link'])
    .where('id', 'in', [...scores.keys()])
    .where((eb) => mayRead(eb, tdb, user, apps, teams))
    .execute();
  return rows
    .map((r) => ({ ...r, score: scores.get(Number(r.id)) ?? 0 }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}

/**
 * A record passage only when the user may open the record and the field is not hidden at the step they would see
 * it at: the record detail applies exactly that (mayViewRecord, resolvePermissions, redactRecord).
 */
async function readableFields(tdb: TenantDb, user: AuthUser, recordId: string): Promise<Set<string> | undefined> {
  try {
    return new Set(Object.keys((await recordDetail(tdb, user, recordId)).data));
  } catch {
    return undefined;
  }
}

async function filterRecords(tdb: TenantDb, user: AuthUser, hits: Hit[]): Promise<Hit[]> {
  const seen = new Map<string, Set<string> | undefined>();
  const out: Hit[] = [];
  for (const h of hits) {
    if (h.source !== 'record') {
      out.push(h);
      continue;
    }
    if (!seen.has(h.ref_id)) seen.set(h.ref_id, await readableFields(tdb, user, h.ref_id));
    if (seen.get(h.ref_id)?.has(h.field)) out.push(h);
  }
  return out;
}

const normalise = <T extends { score: number }>(list: T[]): T[] => {
  const top = Math.max(...list.map((x) => x.score), 0);
  return top > 0 ? list.map((x) => ({ ...x, score: x.score / top })) : list;
};

/** The passages the user may read that best answer the query, best first: product help and the tenant's own data. */
export async function retrievePassages(
  tdb: TenantDb,
  user: AuthUser,
  query: string,
  opts: RetrieveOptions = {},
): Promise<Passage[]> {
  const limit = Math.min(Math.max(opts.limit ?? 5, 1), 50);
  const words = queryWords(query.slice(0, 500));
  if (!words.length) return [];
  const help: Passage[] = normalise(searchHelp(query, opts.lang ?? 'en', limit)).map(({ article, score }) => ({
    source: 'help',
    id: article.slug,
    title: article.title,
    snippet: snippet(article.body),
    link: `/help/${article.slug}`,
    score,
  }));
  if (user.tenantId !== tdb.tenantId) return help;
  await syncIndex(tdb);
  const hits = await filterRecords(tdb, user, await tenantHits(tdb, user, words, limit * 3));
  const own: Passage[] = normalise(hits).map((h) => ({
    source: h.source,
    id: h.source === 'record' ? `${h.ref_id}:${h.field}` : h.source === 'workflow' ? `${h.ref_id}:workflow` : h.ref_id,
    title: h.title,
    snippet: snippet(h.body),
    link: h.link,
    score: h.score,
  }));
  return [...help, ...own].sort((a, b) => b.score - a.score).slice(0, limit);
}
