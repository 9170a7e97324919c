import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ProcessJobsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { audit } from '../audit/trail.js';
import { WF } from '../engine/status.js';
import { instancesWhere } from './queries.js';
import type { InstanceFilter, Job, JobBody } from './schemas.js';

/** Which transition a job runs for each record (engine/transitions.ts). */
export const JOB_TRANSITION = {
  cancel: 'consoleCancel',
  retry: 'consoleRetry',
  migrate: 'consoleMigrate',
  reassign: 'consoleReassign',
} as const;

type JobRow = Selectable<ProcessJobsTable>;
export interface JobParams {
  message?: string | null;
  userId?: string | null;
  mapping?: Record<string, string> | null;
}

/** The records a job of this kind acts on: the filter, narrowed to those the operation applies to. */
export async function jobSet(tdb: TenantDb, user: AuthUser, kind: JobRow['kind'], f: InstanceFilter) {
  let q = instancesWhere(tdb, user, f)
    .where('records.is_draft', '=', 0)
    .where('records.workflow_completed_on', 'is', null);
  if (kind === 'retry') q = q.where('records.workflow_status', '=', WF.faulted);
  if (kind === 'migrate') {
    if (!f.moduleId) throw badRequest('Choose the app whose processes to migrate.');
    const m = await tdb
      .selectFrom('modules')
      .select('published_version')
      .where('id', '=', f.moduleId)
      .executeTakeFirst();
    if (!m?.published_version) throw badRequest('The app has no published version.');
    q = q.where('records.module_version', '<', m.published_version);
  }
  return q;
}

const view = (j: JobRow): Job => ({
  id: j.id,
  kind: j.kind,
  status: j.status,
  total: j.total,
  done: j.done,
  failed: j.failed,
  lastError: j.last_error,
  createdOn: j.created_on,
  finishedOn: j.finished_on,
});

export async function createJob(tdb: TenantDb, user: AuthUser, b: JobBody): Promise<Job> {
  if (b.kind === 'reassign' && !b.userId) throw badRequest('Choose the user to reassign to.');
  const q = await jobSet(tdb, user, b.kind, b.filter);
  const counted = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  if (!total) throw badRequest('No process matches this filter.');
  const now = new Date().toISOString();
  const params: JobParams = { message: b.message ?? null, userId: b.userId ?? null, mapping: b.mapping ?? null };
  const row = {
    id: crypto.randomUUID(),
    kind: b.kind,
    filter: JSON.stringify(b.filter),
    params: JSON.stringify(params),
    status: b.paused ? ('paused' as const) : ('running' as const),
    total,
    done: 0,
    failed: 0,
    cursor: null,
    last_error: null,
    lease_until: null,
    created_by: user.id,
    created_on: now,
    modified_on: now,
    finished_on: null,
  };
  await tdb.transaction(async (tx) => {
    await tx.insertInto('process_jobs', row).execute();
    await audit(tx, {
      action: 'process.bulk',
      targetType: 'job',
      targetId: row.id,
      details: { kind: b.kind, total, filter: b.filter },
    });
  });
  return view({ ...row, tenant_id: tdb.tenantId });
}

export async function listJobs(tdb: TenantDb): Promise<Job[]> {
  const rows = await tdb.selectFrom('process_jobs').selectAll().orderBy('created_on', 'desc').limit(20).execute();
  return rows.map(view);
}

export async function getJob(tdb: TenantDb, id: string): Promise<Job> {
  const j = await tdb.selectFrom('process_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!j) throw notFound('Job not found');
  return view(j);
}

/** Pause a running job, resume a paused one, or cancel either (what was done stays done). */
export async function controlJob(tdb: TenantDb, id: string, op: 'pause' | 'resume' | 'cancel'): Promise<Job> {
  const from: JobRow['status'][] = op === 'resume' ? ['paused'] : op === 'pause' ? ['running'] : ['running', 'paused'];
  const to = op === 'pause' ? 'paused' : op === 'resume' ? 'running' : 'cancelled';
  const now = new Date().toISOString();
  const r = await tdb
    .updateTable('process_jobs')
    .set({ status: to, modified_on: now, finished_on: to === 'cancelled' ? now : null, lease_until: null })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) {
    await getJob(tdb, id);
    throw conflict(`This job cannot be ${op === 'pause' ? 'paused' : op === 'resume' ? 'resumed' : 'cancelled'} now.`);
  }
  return getJob(tdb, id);
}
