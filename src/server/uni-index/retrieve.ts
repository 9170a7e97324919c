import { sql, type SqlBool } from 'kysely';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { mayActOnModule, parsePermission, teamsOf, visibleRecordsWhere } from '../access/index.js';
import { recordDetail } from '../records/detail.js';
import { readableReports } from '../reports/queries.js';
import { rankedCandidates } from './match.js';
import { queryWords } from './terms.js';
import { syncIndex } from './indexer.js';
import type { Passage, RetrieveOptions } from './schemas.js';

const SNIPPET = 240;

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

/** Of these records, those the user may open by the record rule (records are checked once more field by field below). */
async function visibleRecords(tdb: TenantDb, user: AuthUser, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await tdb
    .selectFrom('records')
    .select('id')
    .where('id', 'in', ids)
    .where((r) =>
      r.or([
        r.and([r('records.is_draft', '=', 0), visibleRecordsWhere(r, user, false) ?? sql<SqlBool>`1 = 1`]),
        r.and([r('records.is_draft', '=', 1), visibleRecordsWhere(r, user, true)!]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.id));
}

async function sharedReports(tdb: TenantDb, user: AuthUser, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const teams = [...(await teamsOf(tdb, user.id))];
  const rows = await readableReports(tdb, user, teams).where('reports.id', 'in', ids).select('reports.id').execute();
  return new Set(rows.map((r) => r.id));
}

/** Passages looked at per round of the access filter, best first. */
const ROUND = 60;
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

interface Shown {
  id: number;
  source: Passage['source'];
  ref_id: string;
  field: string;
  title: string;
  body: string;
  link: string;
}

/**
 * The candidates' passages the user may read by the access rules, each asked by id (help always; apps and workflows
 * by the app's rights, reports by sharing, records by the record rule within a readable app). `mine`: the user is of
 * this tenant; otherwise help only.
 */
async function readableRows(tdb: TenantDb, user: AuthUser, ids: number[], mine: boolean): Promise<Map<number, Shown>> {
  if (!ids.length) return new Map();
  const rows = await tdb
    .selectFrom('uni_passages')
    .select(['id', 'source', 'ref_id', 'module_id', 'field', 'title', 'body', 'link'])
    .where('id', 'in', ids)
    .execute();
  const apps = new Set(mine && rows.some((r) => r.source !== 'help') ? await readableApps(tdb, user) : []);
  const refs = (source: string) => [
    ...new Set(
      rows.filter((r) => r.source === source && (source === 'report' || apps.has(r.module_id))).map((r) => r.ref_id),
    ),
  ];
  const [reports, records] = mine
    ? await Promise.all([sharedReports(tdb, user, refs('report')), visibleRecords(tdb, user, refs('record'))])
    : [new Set<string>(), new Set<string>()];
  const may = (r: (typeof rows)[number]) => {
    if (r.source === 'help') return true;
    if (!mine) return false;
    if (r.source === 'report') return reports.has(r.ref_id);
    if (!apps.has(r.module_id)) return false;
    return r.source === 'record' ? records.has(r.ref_id) : r.source === 'app' || r.source === 'workflow';
  };
  return new Map(rows.filter(may).map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
}

const passageId = (h: Shown) =>
  h.source === 'record' ? `${h.ref_id}:${h.field}` : h.source === 'workflow' ? `${h.ref_id}:workflow` : h.ref_id;

/**
 * The passages the user may read that best answer the query, best first: product help in their language and the
 * tenant's own apps, workflows, reports and record values, ranked together (match.ts). Every passage passes the
 * access module's rule for its source; a user of another tenant gets help only.
 */
export async function retrievePassages(
  tdb: TenantDb,
  user: AuthUser,
  query: string,
  opts: RetrieveOptions = {},
): Promise<Passage[]> {
  const limit = Math.min(Math.max(opts.limit ?? 5, 1), 50);
  const q = queryWords(query);
  if (!q.words.length) return [];
  await syncIndex(tdb);
  const mine = user.tenantId === tdb.tenantId;
  const ranked = await rankedCandidates(tdb, q, opts.lang ?? 'en', !mine);
  const fields = new Map<string, Set<string> | undefined>();
  const out: Passage[] = [];
  for (let i = 0; i < ranked.length && out.length < limit; i += ROUND) {
    const round = ranked.slice(i, i + ROUND);
    const rows = await readableRows(
      tdb,
      user,
      round.map((c) => c.id),
      mine,
    );
    for (const c of round) {
      const h = rows.get(c.id);
      if (!h) continue;
      if (h.source === 'record') {
        if (!fields.has(h.ref_id)) fields.set(h.ref_id, await readableFields(tdb, user, h.ref_id));
        if (!fields.get(h.ref_id)?.has(h.field)) continue;
      }
      out.push({
        source: h.source,
        id: passageId(h),
        title: h.title,
        snippet: snippet(h.body),
        link: h.link,
        score: c.score,
      });
      if (out.length >= limit) break;
    }
  }
  return out;
}

/** The help articles (slugs) of the language that best answer the query, from the tenant's index. */
export async function retrieveHelp(tdb: TenantDb, user: AuthUser, query: string, lang: string, limit: number) {
  const q = queryWords(query);
  if (!q.words.length) return [];
  await syncIndex(tdb);
  const ids = (await rankedCandidates(tdb, q, lang, true)).slice(0, limit);
  const rows = await readableRows(
    tdb,
    user,
    ids.map((c) => c.id),
    false,
  );
  return ids.flatMap((c) => (rows.has(c.id) ? [rows.get(c.id)!.ref_id] : []));
}
