import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { PROCESS_STATUSES, processStatusSql } from '../entries/status-sql.js';
import { FromRows, STATUS_CODE } from './rows-first.js';
import type { Plan, PlanGroup, Q } from './plan.js';

/**
 * Whether a level groups by the derived process status as columns instead of rows (groupedByStatus): a GROUP BY on
 * the status expression sorts every record, while the status has only four values; as columns the other groups can
 * come in index order (at 1,000,000 records on SQLite, load 7–11: region by status 20 s → 6.7 s, status alone 3.0 s
 * → 2.6 s). Not with date buckets (by-day.ts and rows-first.ts do those).
 */
export function groupsByStatus(plan: Plan, groups: PlanGroup[]): boolean {
  const status = groups.filter((g) => g.col.key === 'process_status' && !g.col.field && !g.bucket);
  return status.length === 1 && !groups.some((g) => g.bucket) && !plan.join;
}

/** A measure's aggregate over only the records of one status (the same function over the same values). */
function onlyWhen(agg: Plan['measures'][number], when: RawBuilder<unknown>): RawBuilder<unknown> {
  const x = agg.col?.expr;
  if (agg.agg === 'count' || !x) return sql`sum(case when ${when} then 1 else 0 end)`;
  if (agg.agg === 'distinct') return sql`count(distinct case when ${when} then ${x} end)`;
  return sql`${sql.raw(agg.agg)}(case when ${when} then ${x} end)`;
}

/**
 * The level grouped by its other groups only, each measure once per status (p<status>_<measure>) with each status's
 * record count (c<status>); then one row per group and status that has records, with that status's measures. Every
 * record has exactly one status (the conditions exclude each other), so the figures are those of the GROUP BY.
 */
export function groupedByStatus(tdb: TenantDb, plan: Plan, groups: PlanGroup[], records: Q, coded = false): Q {
  const others = groups.filter((g) => g.col.key !== 'process_status');
  // `coded`: the rows carry their status's position already (rows-first.ts STATUS_CODE): one comparison each.
  const conds = PROCESS_STATUSES.map((s, i) =>
    coded ? sql<SqlBool>`${sql.ref(`records.${STATUS_CODE}`)} = ${sql.lit(i)}` : processStatusSql(s),
  );
  // The tenant's column too: the tenant database scopes the outer `records` by it.
  const inner = records
    .select([
      sql.ref('records.tenant_id').as('tenant_id'),
      ...others.map((g, i) => sql`${g.expr}`.as(`k${i}`)),
      ...conds.map((c, s) => sql`sum(case when ${c} then 1 else 0 end)`.as(`c${s}`)),
      ...conds.flatMap((c, s) => plan.measures.map((m, i) => onlyWhen(m, c).as(`p${s}_${i}`))),
    ])
    .groupBy(sql.raw(['tenant_id', ...others].map((_, i) => String(i + 1)).join(', ')));
  // By position in PROCESS_STATUSES: the status of row `st`.
  const statuses = sql.join(
    PROCESS_STATUSES.map((s, i) => sql`select ${sql.lit(i)} as i, ${sql.lit(s)} as s`),
    sql` union all `,
  );
  const pick = (col: (s: number) => string) =>
    sql`(case st.i ${sql.join(
      PROCESS_STATUSES.map((_, s) => sql`when ${sql.lit(s)} then ${sql.ref(`records.${col(s)}`)}`),
      sql` `,
    )} end)`;
  const q = tdb
    .selectFrom('records')
    .withPlugin(new FromRows(sql`(${inner}) as "records" cross join (${statuses}) as st`.toOperationNode())) as Q;
  let k = 0;
  return q
    .select([
      ...groups.map((g, i) =>
        (g.col.key === 'process_status' ? sql.ref('st.s') : sql.ref(`records.k${k++}`)).as(`g${i}`),
      ),
      ...plan.measures.map((_, i) => pick((s) => `p${s}_${i}`).as(`m${i}`)),
    ])
    .where(sql<SqlBool>`${pick((s) => `c${s}`)} > 0`) as Q;
}
