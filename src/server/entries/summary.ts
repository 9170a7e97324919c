import { expressionBuilder, sql, type SqlBool } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { isAdmin, visibleRecordsWhere } from '../access/index.js';
import { COUNT_CAP } from './list.js';
import { outcomeSql, PROCESS_STATUSES, processStatusSql } from './status-sql.js';
import { TtlCache } from './ttl-cache.js';
import { changeCount, resultsReusable } from '../db/change-count.js';
import type { Summary } from './schemas.js';

type Count = { n: number; capped: boolean };
/** When counts were taken: the database's change count and the time. */
type Taken = { count: number; at: number };
/**
 * Counts are reused while nothing in the database changed since they were taken; after a change, for at most a
 * second (so a busy app costs one count per second per viewer group, and nobody waits longer to see their action).
 */
const FRESH_AFTER_CHANGE_MS = 1_000;
const taken = (): Taken => ({ count: changeCount(), at: Date.now() });
const current = <T extends Taken>(e: T | undefined): T | undefined =>
  e && ((resultsReusable() && e.count === changeCount()) || Date.now() - e.at < FRESH_AFTER_CHANGE_MS) ? e : undefined;
type Counts = Taken & { byStatus: Record<string, number>; byOutcome: Record<string, number>; capped: boolean };
const statusCounts = new TtlCache<Counts>(10_000, 2_000);
const draftCounts = new TtlCache<Taken & Count & { withdrawn: number }>(10_000, 2_000);

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
 * their own drafts. Each count stops at COUNT_CAP and is reused while it is current (see `current`), so large apps
 * never scan per view.
 * Administrators see the same records, so they share status counts; drafts are always the user's own.
 */
export async function summary(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<Summary> {
  const statusKey = `${tdb.tenantId}|${moduleId}|${isAdmin(user) ? '*' : user.id}`;
  let statuses = current(statusCounts.get(statusKey));
  if (!statuses) {
    const at = taken();
    const byStatus: Record<string, number> = {};
    const byOutcome: Record<string, number> = {};
    let isCapped = false;
    for (const s of PROCESS_STATUSES) {
      const c = await capped(scoped(tdb, user, moduleId, false).where(processStatusSql(s)));
      isCapped ||= c.capped;
      byStatus[s] = c.n;
    }
    for (const o of ['Approved', 'Rejected']) {
      const c = await capped(scoped(tdb, user, moduleId, false).where(sql<SqlBool>`${outcomeSql} = ${o}`));
      isCapped ||= c.capped;
      byOutcome[o] = c.n;
    }
    statuses = { ...at, byStatus, byOutcome, capped: isCapped };
    statusCounts.set(statusKey, statuses);
  }
  const draftKey = `${tdb.tenantId}|${moduleId}|${user.id}`;
  let drafts = current(draftCounts.get(draftKey));
  if (!drafts) {
    const at = taken();
    const all = await capped(scoped(tdb, user, moduleId, true));
    const withdrawn = await capped(scoped(tdb, user, moduleId, true).where(sql<SqlBool>`${outcomeSql} = 'Withdrawn'`));
    drafts = { ...at, ...all, withdrawn: withdrawn.n };
    draftCounts.set(draftKey, drafts);
  }
  return {
    total: Object.values(statuses.byStatus).reduce((a, b) => a + b, 0),
    drafts: drafts.n,
    byStatus: statuses.byStatus,
    byOutcome: { ...statuses.byOutcome, Withdrawn: drafts.withdrawn },
    countCapped: statuses.capped || drafts.capped,
  };
}
