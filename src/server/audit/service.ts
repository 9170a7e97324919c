import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { AuditEventsTable, DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuditFilters, AuditListBody, AuditRow } from './schemas.js';

export const DEFAULT_RETENTION_DAYS = 365;
const COUNT_CAP = 1000;
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

/** The filtered entries within the retention window (the list and the export share it). */
export async function filtered(tdb: TenantDb, f: AuditFilters): Promise<Q> {
  const since = new Date(Date.now() - (await retentionDays(tdb)) * DAY).toISOString();
  let q = tdb.selectFrom('audit_events').where('at', '>=', f.from && f.from > since ? f.from : since);
  if (f.to) q = q.where('at', '<', endOf(f.to));
  if (f.actorId) q = q.where('actor_id', '=', f.actorId);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.targetType) q = q.where('target_type', '=', f.targetType);
  if (f.targetId) q = q.where('target_id', '=', f.targetId);
  const s = f.search?.trim();
  if (s)
    q = q.where((eb) =>
      eb.or(
        (['actor_name', 'target_label', 'target_id', 'action', 'details'] as const).map((c) =>
          eb(eb.fn('lower', [c]), 'like', like(s)),
        ),
      ),
    );
  return q;
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

/** A page, newest first, after the cursor (the last id of the page before); the total is counted up to 1,000. */
export async function auditPage(tdb: TenantDb, b: AuditListBody) {
  const length = b.length ?? 50;
  const q = await filtered(tdb, b);
  let page = q;
  if (b.cursor && /^\d+$/.test(b.cursor)) page = page.where('id', '<', Number(b.cursor));
  const rows = await page
    .selectAll()
    .orderBy('id', 'desc')
    .limit(length + 1)
    .execute();
  const more = rows.length > length;
  const shown = rows.slice(0, length);
  const counted = await q
    .select('id')
    .limit(COUNT_CAP + 1)
    .execute();
  const total = Math.min(counted.length, COUNT_CAP);
  const names = await actorNames(tdb, shown);
  return {
    data: shown.map((r) => toRow(r, names)),
    recordsTotal: total,
    recordsFiltered: total,
    countCapped: counted.length > COUNT_CAP,
    length,
    nextCursor: more ? String(shown[shown.length - 1]!.id) : null,
  };
}
