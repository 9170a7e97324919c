import { sql, type SqlBool } from 'kysely';
import { changeCount } from '../db/change-count.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { helpLang, helpStats } from './help.js';
import type { QueryWords } from './terms.js';

/**
 * The first cut of retrieval: which passages match the question at all, found cheaply and in bounded number. The
 * databases only match words (FTS5 and a GIN index, in their own order, with a LIMIT), never rank every match:
 * a one-word question may match half the records. Each word and all words together bring at most PER_CLAUSE
 * record passages, so a rare word's passages are always all there and a common word's are a sample, which are
 * near-equal in rank anyway. Help, apps, workflows and reports are few and come whole. The ranking is BM25 over
 * these candidates, per group (help of the language, the tenant's apps and reports, record values), scaled to
 * the share of the question a passage answers, so the groups rank together.
 */

export type Group = 'help' | 'meta' | 'record';

export interface Candidate {
  id: number;
  group: Group;
  source: string;
  score: number;
}

/** Record passages per clause (each word alone, and all words together). */
export const PER_CLAUSE = 200;
/** Help, app, workflow and report passages per question: all of them in any real tenant. */
const META_MAX = 2000;

interface Row {
  id: number | string;
  source: string;
  title_words: string;
  body_words: string;
}

type Clause = { words: string[]; prefixLast: boolean; all: boolean };

function ftsQuery(c: Clause): string {
  const parts = c.words.map((w, i) => (c.prefixLast && i === c.words.length - 1 ? `"${w}"*` : `"${w}"`));
  return parts.join(c.all ? ' AND ' : ' OR ');
}

/**
 * A tsquery of the very words (quoted lexemes are taken verbatim, as array_to_tsvector stored them), matched by the
 * functions of migration 0127 (the full-text index serves only outside row-level security). The words are letters
 * and digits only (terms.ts), and the text is bound anyway.
 */
function tsQuery(c: Clause): string {
  const parts = c.words.map((w, i) => (c.prefixLast && i === c.words.length - 1 ? `'${w}':*` : `'${w}'`));
  return parts.join(c.all ? ' & ' : ' | ');
}

async function recordMatches(tdb: TenantDb, c: Clause): Promise<Row[]> {
  if (tdb.dialect === 'postgres') return tdb.tenantFunction<Row>('uni_record_matches', [tsQuery(c), PER_CLAUSE]);
  return tdb
    .selectFrom('uni_passages_fts')
    .select([
      sql<number>`uni_passages_fts.rowid`.as('id'),
      sql<string>`'record'`.as('source'),
      'title_words',
      'body_words',
    ])
    .where(sql<SqlBool>`uni_passages_fts match ${ftsQuery(c)}`)
    .limit(PER_CLAUSE)
    .execute();
}

/** Help articles of the language and the tenant's apps, workflows and reports matching any word. */
async function metaMatches(tdb: TenantDb, c: Clause, lang: string): Promise<Row[]> {
  const cols = ['p.id', 'p.source', 'p.title_words', 'p.body_words'] as const;
  if (tdb.dialect === 'postgres') return tdb.tenantFunction<Row>('uni_meta_matches', [tsQuery(c), lang, META_MAX]);
  return tdb
    .selectFrom('uni_meta_fts')
    .innerJoin('uni_passages as p', (j) => j.on(sql<SqlBool>`p.id = uni_meta_fts.rowid`))
    .select(cols)
    .where(sql<SqlBool>`uni_meta_fts match ${ftsQuery(c)}`)
    .where((eb) => eb.or([eb('p.source', '<>', 'help'), eb('p.field', '=', lang)]))
    .limit(META_MAX)
    .execute();
}

/** How many passages of each group the tenant has (for BM25's rarity: roughly is enough), counted every ten minutes. */
const sizes = new Map<string, { at: number; changes: number; meta: number; record: number }>();

async function groupSizes(tdb: TenantDb): Promise<{ meta: number; record: number }> {
  const hit = sizes.get(tdb.tenantId);
  if (hit && (hit.changes === changeCount() || Date.now() - hit.at < 600_000)) return hit;
  const rows = await tdb
    .selectFrom('uni_passages')
    .select(['source', (eb) => eb.fn.countAll<number>().as('n')])
    .where('source', '<>', 'help')
    .groupBy('source')
    .execute();
  const count = (pick: (s: string) => boolean) =>
    rows.filter((r) => pick(r.source)).reduce((a, r) => a + Number(r.n), 0);
  const out = {
    at: Date.now(),
    changes: changeCount(),
    meta: count((s) => s !== 'record'),
    record: count((s) => s === 'record'),
  };
  if (sizes.size > 1000) sizes.clear();
  sizes.set(tdb.tenantId, out);
  return out;
}

const K1 = 1.2;
const B = 0.75;

/** How strongly a passage's words hold a query word: title words count three times, a mere prefix half. */
function weigh(word: string, prefix: boolean, title: string[], body: string[]): number {
  const one = (t: string) => (t === word ? 1 : prefix && t.startsWith(word) ? 0.5 : 0);
  let f = 0;
  for (const t of title) f += 3 * one(t);
  for (const t of body) f += one(t);
  return f;
}

/**
 * BM25 of one group's candidates, divided by the most the question could score in that group: a passage holding
 * every word often scores near 1, one holding the commonest word once near 0. `truncated`: words whose matches
 * were cut at PER_CLAUSE, counted as common (a quarter of the group).
 */
function score(
  rows: Row[],
  q: QueryWords,
  group: Group,
  size: number,
  avg: number | undefined,
  truncated: Set<string>,
) {
  const split = rows.map((r) => ({
    r,
    title: r.title_words ? r.title_words.split(' ') : [],
    body: r.body_words ? r.body_words.split(' ') : [],
  }));
  const last = q.words.length - 1;
  const tf = split.map((s) => q.words.map((w, i) => weigh(w, q.prefixLast && i === last, s.title, s.body)));
  const lens = split.map((s) => 3 * s.title.length + s.body.length);
  const avgLen = avg ?? lens.reduce((a, b) => a + b, 0) / Math.max(1, lens.length);
  const n = Math.max(size, rows.length, 1);
  const idf = q.words.map((w, i) => {
    const df = Math.max(tf.filter((f) => f[i]! > 0).length, truncated.has(w) ? n / 4 : 0);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const most = idf.reduce((a, b) => a + b, 0) * (K1 + 1);
  return split.map((s, j): Candidate => {
    const norm = K1 * (1 - B + (B * lens[j]!) / Math.max(avgLen, 1));
    const sum = tf[j]!.reduce((a, f, i) => a + (f ? (idf[i]! * f * (K1 + 1)) / (f + norm) : 0), 0);
    return { id: Number(s.r.id), group, source: s.r.source, score: most > 0 ? sum / most : 0 };
  });
}

/** The passages matching the question, best first (not yet filtered by what the user may read); `helpOnly`: help. */
export async function rankedCandidates(
  tdb: TenantDb,
  q: QueryWords,
  language: string,
  helpOnly = false,
): Promise<Candidate[]> {
  if (!q.words.length) return [];
  const lang = helpLang(language);
  const any: Clause = { ...q, all: false };
  const clauses: Clause[] = q.words.map((w, i) => ({
    words: [w],
    prefixLast: q.prefixLast && i === q.words.length - 1,
    all: true,
  }));
  if (q.words.length > 1) clauses.push({ ...q, all: true });
  if (helpOnly) clauses.length = 0;
  const [meta, sz, ...perClause] = await Promise.all([
    metaMatches(tdb, any, lang),
    groupSizes(tdb),
    ...clauses.map((c) => recordMatches(tdb, c)),
  ]);
  const truncated = new Set(
    clauses.flatMap((c, i) => (c.words.length === 1 && perClause[i]!.length >= PER_CLAUSE ? c.words : [])),
  );
  const records = [...new Map(perClause.flat().map((r) => [Number(r.id), r])).values()];
  const help = meta.filter((r) => r.source === 'help');
  const own = meta.filter((r) => r.source !== 'help');
  return [
    ...score(help, q, 'help', helpStats(lang).n, helpStats(lang).avgLen, new Set()),
    ...score(helpOnly ? [] : own, q, 'meta', sz.meta, undefined, new Set()),
    ...score(records, q, 'record', sz.record, undefined, truncated),
  ]
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.id - b.id);
}
