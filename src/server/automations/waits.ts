import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { audit } from '../audit/trail.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { conflict, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { runAutomation, type Resume } from './run.js';
import type { Run, StepOutcome } from './schemas.js';
import { runView } from './service.js';

/** How long a node may hold a waiting run it is resuming before another node may take it over. */
const LEASE_MS = 10 * 60_000;
const BATCH = 100;
const PARALLEL = 5;

/**
 * Goes on with the waiting runs whose time has come, across tenants: each is claimed with a lease on its
 * automation_waits row, then moved from Waiting to Running (the backstop: one node only ever resumes a run), and
 * runs its remaining steps as a scheduled run would. Answers how many runs went on.
 */
export async function resumeDueRuns(db: Database, node: string, log: FastifyBaseLogger, now: Date): Promise<number> {
  const at = now.toISOString();
  const free = (eb: ExpressionBuilder<DB, 'automation_waits'>) =>
    eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]);
  const due = await db.system
    .selectFrom('automation_waits')
    .selectAll()
    .where('resume_on', '<=', at)
    .where(free)
    .orderBy('resume_on')
    .limit(BATCH)
    .execute();
  let ran = 0;
  const queue = [...due];
  const worker = async () => {
    for (let w = queue.shift(); w; w = queue.shift()) {
      try {
        const claimed = await db.system
          .updateTable('automation_waits')
          .set({ lease_owner: node, lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
          .where('run_id', '=', w.run_id)
          .where(free)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        const tdb = new TenantDb(w.tenant_id, db.forTenant(w.tenant_id));
        if (await resumeRun(tdb, db.system, w.run_id, { node, log, now })) ran++;
        await db.system.deleteFrom('automation_waits').where('run_id', '=', w.run_id).execute();
      } catch (err) {
        log.error({ err, runId: w.run_id }, 'resuming an automation run failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, due.length) }, worker));
  return ran;
}

async function resumeRun(
  tdb: TenantDb,
  system: Kysely<DB>,
  runId: string,
  o: { node: string; log: FastifyBaseLogger; now: Date },
) {
  const r = await tdb.selectFrom('automation_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!r || r.status !== 'Waiting' || !r.resume) return false;
  const took = await tdb
    .updateTable('automation_runs')
    .set({ status: 'Running', node: o.node })
    .where('id', '=', runId)
    .where('status', '=', 'Waiting')
    .executeTakeFirst();
  if (!Number(took.numUpdatedRows)) return false;
  const a = await tdb
    .selectFrom('automations')
    .select(['id', 'name', 'owner_id'])
    .where('id', '=', r.automation_id)
    .executeTakeFirst();
  if (!a) return false;
  const tenant = await system
    .selectFrom('tenants')
    .select('allow_private_egress')
    .where('id', '=', tdb.tenantId)
    .executeTakeFirst();
  const resume = JSON.parse(r.resume) as Resume;
  const run = await runAutomation(tdb, a, resume.steps, {
    trigger: r.trigger,
    slot: r.slot,
    node: o.node,
    allowPrivate: tenant?.allow_private_egress === 1,
    log: o.log,
    system,
    now: o.now,
    resume: { ...resume, runId },
  });
  return run !== null;
}

/**
 * Cancels a run under way or waiting. A running one stops after its step under way (a bulk update: between
 * batches), a waiting one never goes on; what it did before stays done, and its log says so.
 */
export async function cancelRun(tdb: TenantDb, system: Kysely<DB>, user: AuthUser, runId: string): Promise<Run> {
  const r = await tdb.selectFrom('automation_runs').selectAll().where('id', '=', runId).executeTakeFirst();
  if (!r) throw notFound('Run not found');
  const finished = () => conflict('This run has finished already.');
  if (r.status !== 'Running' && r.status !== 'Waiting') throw finished();
  const who = await tdb
    .selectFrom('users')
    .select(['fullname', 'username'])
    .where('id', '=', user.id)
    .executeTakeFirst();
  const by = `Cancelled by ${who?.fullname || who?.username || user.id}.`;
  const waiting = r.status === 'Waiting';
  const ms = (JSON.parse(r.steps) as StepOutcome[]).reduce((n, s) => n + s.ms, 0);
  const error = waiting ? `${by} What the run did before it stopped stays done.` : by;
  const w = await tdb
    .updateTable('automation_runs')
    .set({ status: 'Cancelled', error, resume: null, ...(waiting ? { duration_ms: ms } : {}) })
    .where('id', '=', runId)
    .where('status', '=', r.status)
    .executeTakeFirst();
  if (!Number(w.numUpdatedRows)) throw finished();
  await system.deleteFrom('automation_waits').where('run_id', '=', runId).execute();
  await audit(tdb, {
    action: 'automation.cancel',
    actorId: user.id,
    targetType: 'automation',
    targetId: r.automation_id,
    details: { runId },
  });
  const name = await tdb.selectFrom('automations').select('name').where('id', '=', r.automation_id).executeTakeFirst();
  const now = await tdb.selectFrom('automation_runs').selectAll().where('id', '=', runId).executeTakeFirstOrThrow();
  return runView(now, name?.name ?? '');
}
