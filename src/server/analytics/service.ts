import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { assertModuleAccess } from '../access/index.js';
import { notFound } from '../http/errors.js';
import { dateRange } from './filters.js';
import { openHolders, returnsByStep, slaBreaches, stepDurations, stepTitles, weeklyThroughput } from './queries.js';
import { ANALYTICS_VIEWS, type AnalyticsBody, type AnalyticsViewName, type ProcessAnalytics } from './schemas.js';

const OUTCOME: Record<string, string> = { Reject: 'Rejected', SendBack: 'Sent back' };
const n = (v: unknown) => Number(v ?? 0);
const round = (v: unknown) => Math.round(n(v) * 10) / 10;

/** Every process figure of one app, computed in the database as the viewer (only records they may open). */
export async function processAnalytics(
  tdb: TenantDb,
  user: AuthUser,
  body: AnalyticsBody,
  now = new Date(),
): Promise<ProcessAnalytics> {
  await assertModuleAccess(tdb, user, body.moduleId, 'reports');
  const m = await tdb.selectFrom('modules').select('display_name').where('id', '=', body.moduleId).executeTakeFirst();
  if (!m) throw notFound('App not found');
  const slaHours = body.slaHours ?? 48;
  const s = { user, moduleId: body.moduleId, ...dateRange(body.shared) };
  const want = new Set(body.views ?? ANALYTICS_VIEWS);
  const when = <T>(view: AnalyticsViewName, run: () => Promise<T[]>): Promise<T[]> =>
    want.has(view) ? run() : Promise.resolve([]);
  const [durations, title, weeks, returns, sla, holders] = await Promise.all([
    when('steps', () => stepDurations(tdb, s)),
    stepTitles(tdb, body.moduleId),
    when('throughput', () => weeklyThroughput(tdb, s)),
    when('returns', () => returnsByStep(tdb, s)),
    when('sla', () => slaBreaches(tdb, s, slaHours, now)),
    when('holders', () => openHolders(tdb, s, now)),
  ]);
  const step = (id: string) => ({ activityId: id, title: title.get(id) ?? id });
  const slaSteps = sla
    .map((r) => ({ ...step(r.activityId), open: n(r.open), closed: n(r.closed) }))
    .filter((r) => r.open || r.closed);
  return {
    moduleName: m.display_name,
    slaHours,
    steps: durations
      .map((d) => ({
        ...step(d.activityId),
        count: n(d.count),
        medianSeconds: round(d.median),
        p90Seconds: round(d.p90),
        averageSeconds: round(d.average),
      }))
      .sort((a, b) => b.medianSeconds - a.medianSeconds),
    throughput: weeks.map((w) => ({
      week: String(w.week),
      completed: n(w.completed),
      rejected: n(w.rejected),
      approved: n(w.completed) - n(w.rejected),
    })),
    returns: returns.map((r) => ({
      ...step(r.activityId!),
      outcome: OUTCOME[r.action] ?? r.action,
      count: n(r.count),
    })),
    sla: {
      open: slaSteps.reduce((a, r) => a + r.open, 0),
      closed: slaSteps.reduce((a, r) => a + r.closed, 0),
      steps: slaSteps,
    },
    holders: holders.map((h) => ({ userId: h.userId, name: h.name ?? '', open: n(h.open), overdue: n(h.overdue) })),
  };
}
