import { sql } from 'kysely';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { processStatusSql } from '../entries/status-sql.js';
import { instancesWhere } from './queries.js';
import { PROCESS_STATUS, type Dashboard } from './schemas.js';

const DAY = 86_400_000;
/** Durations of at most this many recent tasks feed the medians (enough for a trend, bounded in cost). */
const TASK_SAMPLE = 20_000;

/** /process/dashboard: instances started, completed and faulted per day, counts by status, the slowest steps. */
export async function processDashboard(tdb: TenantDb, user: AuthUser, daysBack = 30): Promise<Dashboard> {
  const since = new Date(Date.now() - (daysBack - 1) * DAY).toISOString().slice(0, 10);
  const perDay = async (column: 'submitted_on' | 'workflow_completed_on') => {
    const col = sql.ref(`records.${column}`);
    const rows = await instancesWhere(tdb, user, {})
      .where(`records.${column}`, '>=', since)
      .select([sql<string>`substr(${col}, 1, 10)`.as('day'), sql<number>`count(*)`.as('n')])
      .groupBy(sql`substr(${col}, 1, 10)`)
      .execute();
    return new Map(rows.map((r) => [r.day, Number(r.n)]));
  };
  // Faults from the history: a process retried since still counts on the day it faulted.
  const faultedDays = async () => {
    const day = sql<string>`substr(created_on, 1, 10)`;
    const rows = await tdb
      .selectFrom('activity_history')
      .select([day.as('day'), sql<number>`count(*)`.as('n')])
      .where('action_type', '=', 'Faulted')
      .where('created_on', '>=', since)
      .groupBy(day)
      .execute();
    return new Map(rows.map((r) => [r.day, Number(r.n)]));
  };
  const [started, completed, faulted] = await Promise.all([
    perDay('submitted_on'),
    perDay('workflow_completed_on'),
    faultedDays(),
  ]);
  const days = Array.from({ length: daysBack }, (_, i) => {
    const day = new Date(Date.parse(since) + i * DAY).toISOString().slice(0, 10);
    return { day, started: started.get(day) ?? 0, completed: completed.get(day) ?? 0, faulted: faulted.get(day) ?? 0 };
  });
  const byStatus = await Promise.all(
    PROCESS_STATUS.map(async (status) => {
      const r = await instancesWhere(tdb, user, {})
        .where(() => processStatusSql(status))
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirst();
      return { status, count: Number(r?.n ?? 0) };
    }),
  );
  return { days, byStatus, slowest: await slowestSteps(tdb, since) };
}

/** Steps by median time from a task's start to its completion (decided tasks of the period). */
async function slowestSteps(tdb: TenantDb, since: string) {
  const tasks = await tdb
    .selectFrom('tasks')
    .innerJoin('modules', (j) =>
      j.onRef('modules.id', '=', 'tasks.module_id').onRef('modules.tenant_id', '=', 'tasks.tenant_id'),
    )
    .select(['modules.display_name', 'tasks.activity_title', 'tasks.started_on', 'tasks.completed_on'])
    .where('tasks.status', '=', 'Completed')
    .where('tasks.outcome', 'in', ['Approved', 'Rejected', 'Done'])
    .where('tasks.completed_on', '>=', since)
    .orderBy('tasks.completed_on', 'desc')
    .limit(TASK_SAMPLE)
    .execute();
  const groups = new Map<string, { appName: string; step: string; hours: number[] }>();
  for (const t of tasks) {
    const key = `${t.display_name}\u0000${t.activity_title}`;
    const g = groups.get(key) ?? { appName: t.display_name, step: t.activity_title, hours: [] };
    g.hours.push((Date.parse(t.completed_on!) - Date.parse(t.started_on)) / 3_600_000);
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => ({ appName: g.appName, step: g.step, medianHours: round(median(g.hours)), count: g.hours.length }))
    .sort((a, b) => b.medianHours - a.medianHours)
    .slice(0, 10);
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const round = (n: number) => Math.round(n * 100) / 100;
