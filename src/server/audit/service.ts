import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { AuditEventsTable, DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuditFilters, AuditListBody, AuditRow } from './schemas.js';
import { settleInbox } from './chain.js';

export const DEFAULT_RETENTION_DAYS = 365;
const COUNT_CAP = 1000;
/** Entries a search reads per page at most. */
const SCAN = 2000;
const DAY = 86_400_000;

type Q = SelectQueryBuilder<DB, 'audit_events', object>;
const like = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** How many days of the trail are shown and exported (audit_settings; entries themselves are never deleted). */
export async function retentionDays(tdb: TenantDb): Promise<number> {
  const r = await tdb.selectFrom('audit_settings').select('retention_days').executeTakeFirst();
  return r?.retention_days ?? DEFAULT_RETENTION_DAYS;
}

export async function setRetentionDays(tdb: TenantDb, days: number): Promise<void> {
  const done = await tdb.updateTable('audit_settings').set({ retention_days: days }).executeTakeFirst();
  if (!Number(done.numUpdatedRows)) await tdb.insertInto('audit_settings', { retention_days: days }).execute();
}

const endOf = (to: string) => (/^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(Date.parse(to) + DAY).toISOString() : to);

type Eq = 'actorId' | 'action' | 'targetType' | 'targetId';
const COLUMN: Record<Eq, 'actor_id' | 'action' | 'target_type' | 'target_id'> = {
  actorId: 'actor_id',
  action: 'action',
  targetType: 'target_type',
  targetId: 'target_id',
};
/** The filters one index serves as a newest-first walk (migrations 0121, 0131), the most selective first. */
const WALKS: Eq[][] = [['targetType', 'targetId'], ['actorId', 'action'], ['actorId'], ['action'], ['targetType']];

/** The filters the page's index walk serves, and the others (checked on a window of that walk). */
export function walkOf(f: AuditFilters): { walk: Eq[]; rest: Eq[] } {
  const given = (Object.keys(COLUMN) as Eq[]).filter((k) => f[k]);
  const walk = WALKS.find((w) => w.every((k) => f[k])) ?? [];
  return { walk, rest: given.filter((k) => !walk.includes(k)) };
}

/** The filtered entries within the retention window (the list and the export share it); the search apart. */
export async function filtered(tdb: TenantDb, f: AuditFilters, only?: Eq[]): Promise<Q> {
  const since = new Date(Date.now() - (await retentionDays(tdb)) * DAY).toISOString();
  let q = tdb.selectFrom('audit_events').where('at', '>=', f.from && f.from > since ? f.from : since);
  if (f.to) q = q.where('at', '<', endOf(f.to));
  return equal(q, f, only ?? (Object.keys(COLUMN) as Eq[]));
}

function equal<T extends Q>(q: T, f: AuditFilters, keys: Eq[]): T {
  for (const k of keys) if (f[k]) q = q.where(`audit_events.${COLUMN[k]}`, '=', f[k]) as T;
  return q;
}

/** The search (any of the texts contains it, case-insensitively) on a query of audit_events or a window of it. */
export function searched<T extends Q>(q: T, search: string | undefined): T {
  const s = search?.trim();
  if (!s) return q;
  return q.where((eb) =>
    eb.or(
      (['actor_name', 'target_label', 'target_id', 'action', 'details'] as const).map((c) =>
        eb(eb.fn('lower', [`audit_events.${c}`]), 'like', like(s)),
      ),
    ),
  ) as T;
}

/** After a keyset cursor `at|id` of the newest-first order. */
export function after(q: Q, cursor: string | null | undefined): Q {
  const m = cursor ? /^(.{1,30})\|(\d{1,18})$/.exec(cursor) : null;
  if (!m) return q;
  const [at, id] = [m[1]!, Number(m[2])];
  // A row value: both databases read it as one range of the (…, at, id) index.
  return q.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(at, id)));
}

type Stored = Selectable<AuditEventsTable>;

/** Whether the entry still waits for the sealer: its row in the queue, looked up for the rows a page returns. */
const waitingCol = sql<number | boolean>`exists (select 1 from audit_pending p
  where p.tenant_id = audit_events.tenant_id and p.entry_id = audit_events.id)`.as('waiting');
type Listed = Stored & { waiting?: number | boolean };

export function toRow(r: Listed, names: Map<string, string>): AuditRow {
  return {
    id: String(r.id),
    at: r.at,
    actorId: r.actor_id,
    actorName: r.actor_name ?? (r.actor_id ? (names.get(r.actor_id) ?? null) : null),
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    targetLabel: r.target_label,
    details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
    ip: r.ip,
    userAgent: r.user_agent,
    sealed: !r.waiting,
  };
}

/** Names of actors whose entries were written without one (a request's user carries only an id). */
export async function actorNames(tdb: TenantDb, rows: Stored[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.filter((r) => !r.actor_name && r.actor_id).map((r) => r.actor_id!))];
  if (!ids.length) return new Map();
  const users = await tdb.selectFrom('users').select(['id', 'fullname']).where('id', 'in', ids).execute();
  return new Map(users.map((u) => [u.id, u.fullname]));
}

/**
 * A page, newest first by (at, id), after the cursor (the last entry of the page before). The filters one index
 * serves (walkOf) are a range of an index ending in (at, id), so such a page costs the same however long the trail
 * is. Anything else (a search, filters no one index serves together) cannot use an index: it is checked on a window
 * of at most SCAN entries of that walk per page and, when the window ends before the page is full, the page answers
 * what it found with a cursor where it stopped (the next page goes on from there). The total is counted up to 1,000
 * (with a window, within it).
 */
export async function auditPage(tdb: TenantDb, b: AuditListBody) {
  await settleInbox(tdb);
  const length = b.length ?? 50;
  const { walk, rest } = walkOf(b);
  const q = await filtered(tdb, b, walk);
  const newest = <T extends Q>(x: T) => x.orderBy('audit_events.at', 'desc').orderBy('audit_events.id', 'desc');
  const search = b.search?.trim();
  let rows: Listed[];
  let next: Pick<Stored, 'at' | 'id'> | undefined;
  let count: number;
  if (!search && !rest.length) {
    // Side by side (two pooled connections on PostgreSQL). The count is in the page's order and only the index's
    // columns, so it reads the page's index and nothing else.
    const [page, counted] = await Promise.all([
      newest(after(q, b.cursor))
        .selectAll()
        .select(waitingCol)
        .limit(length + 1)
        .execute(),
      newest(q)
        .select(['at', 'id'])
        .limit(COUNT_CAP + 1)
        .execute(),
    ]);
    rows = page;
    next = rows.length > length ? rows[length - 1] : undefined;
    count = counted.length;
  } else {
    // The window (only the index: at and id), joined by id to the entries the other filters and the search check.
    const window = newest(after(q, b.cursor)).select(['at', 'id']).limit(SCAN).as('w');
    const found = searched(equal(tdb.selectFrom('audit_events'), b, rest), search)
      .innerJoin(window, 'w.id', 'audit_events.id')
      .selectAll('audit_events')
      .select(waitingCol)
      .orderBy('w.at', 'desc')
      .orderBy('w.id', 'desc')
      .limit(length + 1)
      .execute();
    // Whether the window ended before the trail did: then the next page goes on after its last entry. Needed only
    // when the page is not full; PostgreSQL asks side by side (a second pooled connection), SQLite only then.
    const edge = () =>
      newest(after(q, b.cursor))
        .select(['at', 'id'])
        .offset(SCAN - 1)
        .limit(1)
        .execute();
    const [page, edgeRows] = await Promise.all([found, tdb.dialect === 'postgres' ? edge() : undefined]);
    rows = page;
    next = rows.length > length ? rows[length - 1] : undefined;
    let full = !!next;
    if (!next) {
      [next] = edgeRows ?? (await edge());
      full = !!next;
    }
    // Counted within the window: a full window means there may be more than found.
    count = full ? Math.max(rows.length, COUNT_CAP + 1) : rows.length;
  }
  const shown = rows.slice(0, length);
  const total = Math.min(count, COUNT_CAP);
  const names = await actorNames(tdb, shown);
  return {
    data: shown.map((r) => toRow(r, names)),
    recordsTotal: total,
    recordsFiltered: total,
    countCapped: count > COUNT_CAP,
    length,
    nextCursor: next ? `${next.at}|${next.id}` : null,
  };
}
