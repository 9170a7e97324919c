import { expressionBuilder } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { isAdmin, visibleRecordsWhere } from '../access/index.js';
import { COUNT_CAP } from './list.js';
import { PROCESS_STATUSES, processStatusSql } from './status-sql.js';
import { TtlCache } from './ttl-cache.js';
import type { Summary } from './schemas.js';

type Count = { n: number; capped: boolean };
const statusCounts = new TtlCache<{ byStatus: Record<string, number>; capped: boolean }>(10_000, 2_000);
const draftCounts = new TtlCache<Count>(10_000, 2_000);

/** The records of an app this user may see (the access module's rule), drafts or submitted ones. */
function scoped(tdb: TenantDb, user: AuthUser, moduleId: string, draft: boolean) {
  const q = tdb
    .selectFrom('records')
    .where('module_id', '=', moduleId)
    .where('is_draft', '=', draft ? 1 : 0);
  const cond = visibleRecordsWhere(expressionBuilder<DB, 'records'>(), user, draft);
  return cond ? q.where(cond) : q;
}

async function capped(q: ReturnType<typeof scoped>): Promise<Count> {
  const n = (
    await q
      .select('records.id')
      .limit(COUNT_CAP + 1)
      .execute()
  ).length;
  return { n: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP };
}

/**
 * Counts of an app's records by derived process status (spec section 4), for the records this user may see, plus
 * their own drafts. Each count stops at COUNT_CAP and is kept for a few seconds, so large apps never scan per view.
 * Administrators see the same records, so they share status counts; drafts are always the user's own.
 */
export async function summary(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<Summary> {
  const statusKey = `${tdb.tenantId}|${moduleId}|${isAdmin(user) ? '*' : user.id}`;
  let statuses = statusCounts.get(statusKey);
  if (!statuses) {
    const byStatus: Record<string, number> = {};
    let isCapped = false;
    for (const s of PROCESS_STATUSES) {
      const c = await capped(scoped(tdb, user, moduleId, false).where(processStatusSql(s)));
      isCapped ||= c.capped;
      byStatus[s] = c.n;
    }
    statuses = { byStatus, capped: isCapped };
    statusCounts.set(statusKey, statuses);
  }
  const draftKey = `${tdb.tenantId}|${moduleId}|${user.id}`;
  let drafts = draftCounts.get(draftKey);
  if (!drafts) {
    drafts = await capped(scoped(tdb, user, moduleId, true));
    draftCounts.set(draftKey, drafts);
  }
  return {
    total: Object.values(statuses.byStatus).reduce((a, b) => a + b, 0),
    drafts: drafts.n,
    byStatus: statuses.byStatus,
    countCapped: statuses.capped || drafts.capped,
  };
}
