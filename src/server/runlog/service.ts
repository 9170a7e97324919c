import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { inGroup } from '../access/index.js';
import type { RunLogBody, RunLogRow } from './schemas.js';

const COUNT_CAP = 1000;
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of the run log. Connector calls are for designers; webhook attempts only for those who manage webhooks
 * (system administrators, administrators, consultants). The total is counted up to 1,000.
 */
export async function runLogPage(tdb: TenantDb, user: AuthUser, b: RunLogBody) {
  const length = b.length ?? 50;
  const page = b.page ?? 1;
  const search = (typeof b.search === 'string' ? b.search : (b.search?.value ?? '')).trim();
  let q = tdb.selectFrom('run_log');
  if (!inGroup(user, 'managers')) q = q.where('kind', '=', 'connector');
  if (b.kind) q = q.where('kind', '=', b.kind);
  if (b.outcome) q = q.where('outcome', '=', b.outcome);
  if (b.recordId) q = q.where('record_id', '=', b.recordId);
  if (search)
    q = q.where((eb) =>
      eb.or([
        eb('source_name', 'like', like(search)),
        eb('url', 'like', like(search)),
        eb('error', 'like', like(search)),
      ]),
    );
  const rows = await q
    .selectAll()
    .orderBy('created_on', 'desc')
    .orderBy('id')
    .limit(length)
    .offset((page - 1) * length)
    .execute();
  const counted = await q
    .select('id')
    .limit(COUNT_CAP + 1)
    .execute();
  const total = Math.min(counted.length, COUNT_CAP);
  return {
    data: rows.map(({ tenant_id: _tenant, ...r }) => ({ ...r, duration_ms: Number(r.duration_ms) }) as RunLogRow),
    recordsTotal: total,
    recordsFiltered: total,
    countCapped: counted.length > COUNT_CAP,
    page,
    length,
  };
}

/** Forgets entries older than `days` (RUN_LOG_DAYS). */
export async function purgeRunLog(tdb: TenantDb, days: number): Promise<number> {
  const before = new Date(Date.now() - days * 86_400_000).toISOString();
  const r = await tdb.deleteFrom('run_log').where('created_on', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
