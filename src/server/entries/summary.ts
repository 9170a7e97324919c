import { sql, type SqlBool } from 'kysely';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { COUNT_CAP, isAdmin } from './list.js';
import { PROCESS_STATUSES, processStatusSql } from './status-sql.js';
import { TtlCache } from './ttl-cache.js';

type Summary = { total: number; drafts: number; byStatus: Record<string, number>; countCapped: boolean };
const cache = new TtlCache<Summary>(10_000, 2_000);

/**
 * Counts of an app's records by derived process status (spec section 4), for the records this user may see, plus
 * their own drafts. Each count stops at COUNT_CAP and is kept for a few seconds, so large apps never scan per view.
 */
export async function summary(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<Summary> {
  const key = `${tdb.tenantId}|${moduleId}|${isAdmin(user) ? '*' : user.id}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const scoped = (draft: boolean) => {
    let q = tdb
      .selectFrom('records')
      .where('module_id', '=', moduleId)
      .where('is_draft', '=', draft ? 1 : 0);
    if (draft) q = q.where('created_by', '=', user.id);
    else if (!isAdmin(user))
      q = q.where((eb) =>
        eb.or([
          eb('records.created_by', '=', user.id),
          eb('records.workflow_initiator_user', '=', user.id),
          eb.exists(
            eb
              .selectFrom('tasks')
              .select(sql`1`.as('one'))
              .whereRef('tasks.record_id', '=', 'records.id')
              .where('tasks.assignee_id', '=', user.id)
              .where('tasks.tenant_id', '=', tdb.tenantId),
          ),
        ]),
      );
    return q;
  };
  const capped = async (q: ReturnType<typeof scoped>) =>
    (
      await q
        .select('records.id')
        .limit(COUNT_CAP + 1)
        .execute()
    ).length;
  const byStatus: Record<string, number> = {};
  let isCapped = false;
  for (const s of PROCESS_STATUSES) {
    const n = await capped(scoped(false).where(processStatusSql(s) as unknown as ReturnType<typeof sql<SqlBool>>));
    isCapped ||= n > COUNT_CAP;
    byStatus[s] = Math.min(n, COUNT_CAP);
  }
  const drafts = await capped(scoped(true));
  const value = {
    total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    drafts: Math.min(drafts, COUNT_CAP),
    byStatus,
    countCapped: isCapped || drafts > COUNT_CAP,
  };
  cache.set(key, value);
  return value;
}
