import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { AuditEventsTable, DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuditFilters, AuditListBody, AuditRow } from './schemas.js';

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

/** The filtered entries within the retention window (the list and the export share it); the search apart. */
export async function filtered(tdb: TenantDb, f: AuditFilters): Promise<Q> {
  const since = new Date(Date.now() - (await retentionDays(tdb)) * DAY).toISOString();
  let q = tdb.selectFrom('audit_events').where('at', '>=', f.from && f.from > since ? f.from : since);
  if (f.to) q = q.where('at', '<', endOf(f.to));
  if (f.actorId) q = q.where('actor_id', '=', f.actorId);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  return q;
}

/** The search (any of the texts contains it, case-insensitively) on a query of audit_events or a window of it. */
export function searched<T extends Q>(q: T, search: string | undefined): T {
  const s = search?.trim();
  if (!s) return q;
  return q.where((eb) =>
    eb.or(
      (['actor_name', 'target_label', 'target_id', 'action', 'details'] as const).map((c) =>
        eb(eb.fn('lower', [c]), 'like', like(s)),
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

export function toRow(r: Stored, names: Map<string, string>): AuditRow {
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
    sealed: r.hash != null,
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
 * A page, newest first by (at, id), after the cursor (the last entry of the page before): each filter's index ends
 * in (at, id), so any page costs the same however long the trail is. A search cannot use an index: it scans at most
 * SCAN entries of the other filters' order per page and, when that window ends before the page is full, answers
 * what it found with a cursor where it stopped (the next page goes on from there). The total is counted up to 1,000
 * (with a search, within the window).
 */
export async function auditPage(tdb: TenantDb, b: AuditListBody) {
  const length = b.length ?? 50;
  const q = await filtered(tdb, b);
  const newest = (x: Q) => x.orderBy('at', 'desc').orderBy('id', 'desc');
  const search = b.search?.trim();
  let rows: Stored[];
  let next: Stored | undefined;
  let count: number;
  if (!search) {
    rows = await newest(after(q, b.cursor))
      .selectAll()
      .limit(length + 1)
      .execute();
    next = rows.length > length ? rows[length - 1] : undefined;
    // In the page's order, so the database reads the same index as for the page.
    const counted = await newest(q)
      .select('id')
      .limit(COUNT_CAP + 1)
      .execute();
    count = counted.length;
  } else {
    // Ids (newest first) of the window this page may read; the search runs on those only.
    const window = newest(after(q, b.cursor)).select('id').limit(SCAN);
    rows = await newest(searched(tdb.selectFrom('audit_events'), search))
      .where('id', 'in', window)
      .selectAll()
      .limit(length + 1)
      .execute();
    next = rows.length > length ? rows[length - 1] : undefined;
    let full = !!next;
    if (!next) {
      // Whether the window ended before the trail did: then the next page goes on after its last entry.
      [next] = await newest(after(q, b.cursor))
        .selectAll()
        .offset(SCAN - 1)
        .limit(1)
        .execute();
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
