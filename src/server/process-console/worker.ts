import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { TransitionRunner } from '../engine/transitions.js';
import { TenantDb } from '../tenancy/tenant-db.js';
import { authUserOf } from '../identity/user-info.js';
import { JOB_TRANSITION, jobSet, type JobParams } from './jobs.js';
import { CHUNK, IN_FLIGHT, migrateChunks } from './migrate-chunks.js';
import type { InstanceFilter } from './schemas.js';

const BATCH = 250;
/** Transitions in flight at once: on SQLite they share group commits, on PostgreSQL each takes a pooled connection. */
const PARALLEL = 16;
const LEASE_MS = 30_000;
const IDLE_MS = 2_000;

/**
 * Works through bulk jobs: claims a running job with a lease (so one node works it), takes the next batch of
 * record ids after its cursor, runs the job's transition for each (each its own transaction, so approvals go on
 * between them), then records progress and the cursor. A paused or cancelled job stops after its batch; a job whose
 * node stopped is taken up again once its lease ends, from its cursor.
 */
export class JobWorker {
  private stopped = false;
  private wake?: () => void;
  private loop?: Promise<void>;

  constructor(
    private readonly db: Database,
    private readonly transitions: TransitionRunner,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.loop = this.run();
  }

  /** Looks for work now (a job was created or resumed). */
  kick() {
    this.wake?.();
  }

  async stop() {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private async run() {
    while (!this.stopped) {
      let worked = false;
      try {
        worked = await this.pass();
      } catch (err) {
        this.log.error({ err }, 'process console job pass failed');
      }
      if (!worked && !this.stopped)
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, IDLE_MS);
          this.wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
    }
  }

  /** One pass over tenants: works each claimable job to its end (or until it is paused). */
  async pass(): Promise<boolean> {
    let worked = false;
    const tenants = await this.db.system.selectFrom('tenants').select('id').execute();
    for (const { id } of tenants) {
      if (this.stopped) break;
      const tdb = new TenantDb(id, this.db.forTenant(id));
      const jobs = await tdb.selectFrom('process_jobs').select('id').where('status', '=', 'running').execute();
      for (const j of jobs) if (await this.claim(tdb, j.id)) worked = (await this.work(tdb, j.id)) || worked;
    }
    return worked;
  }

  private async claim(tdb: TenantDb, jobId: string): Promise<boolean> {
    const now = new Date();
    const r = await tdb
      .updateTable('process_jobs')
      .set({ lease_until: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  private async work(tdb: TenantDb, jobId: string): Promise<boolean> {
    for (;;) {
      const job = await tdb.selectFrom('process_jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
      if (!job || job.status !== 'running' || this.stopped) return true;
      const owner = await tdb.selectFrom('users').selectAll().where('id', '=', job.created_by).executeTakeFirst();
      const filter = JSON.parse(job.filter) as InstanceFilter;
      const params = JSON.parse(job.params) as JobParams;
      if (!owner) return this.finish(tdb, jobId, 'The person who started this job no longer exists.');
      const user = authUserOf(owner, tdb.tenantId);
      let q = (await jobSet(tdb, user, job.kind, filter))
        .select(['records.id', 'records.version'])
        .orderBy('records.id')
        .limit(job.kind === 'migrate' && tdb.dialect === 'postgres' ? CHUNK * IN_FLIGHT : BATCH);
      if (job.cursor) q = q.where('records.id', '>', job.cursor);
      const seen = await q.execute();
      if (!seen.length) return this.finish(tdb, jobId, null);
      const cursor = seen[seen.length - 1]!.id;
      let ids = seen.map((r) => r.id);
      let done = 0;
      let failed = 0;
      let lastError: string | null = null;
      // On PostgreSQL a migration goes in chunks of set-based writes; what a chunk leaves goes one by one below.
      if (job.kind === 'migrate' && tdb.dialect === 'postgres') {
        const batch = await migrateChunks(tdb, user, seen, params, this.log);
        done += batch.done;
        ids = batch.retry;
      }
      const name = JOB_TRANSITION[job.kind];
      for (let i = 0; i < ids.length; i += PARALLEL) {
        const part = ids.slice(i, i + PARALLEL);
        const out = await Promise.allSettled(
          part.map((recordId) =>
            this.transitions.run(name, tdb.tenantId, user, {
              recordId,
              message: params.message,
              userId: params.userId,
              mapping: params.mapping,
            }),
          ),
        );
        for (const o of out)
          if (o.status === 'fulfilled') done++;
          else {
            failed++;
            lastError = o.reason instanceof Error ? o.reason.message : String(o.reason);
          }
      }
      // Progress first, whatever the status now is: a pause during the batch keeps what the batch did.
      await tdb
        .updateTable('process_jobs')
        .set((eb) => ({
          done: eb('done', '+', done),
          failed: eb('failed', '+', failed),
          cursor,
          last_error: lastError ?? eb.ref('last_error'),
          modified_on: new Date().toISOString(),
          lease_until: new Date(Date.now() + LEASE_MS).toISOString(),
        }))
        .where('id', '=', jobId)
        .execute();
      // Let requests (approvals) in between batches.
      await sleep(5);
    }
  }

  private async finish(tdb: TenantDb, jobId: string, error: string | null): Promise<boolean> {
    const now = new Date().toISOString();
    await tdb
      .updateTable('process_jobs')
      .set((eb) => ({
        status: 'done',
        finished_on: now,
        modified_on: now,
        lease_until: null,
        last_error: error ?? eb.ref('last_error'),
      }))
      .where('id', '=', jobId)
      .where('status', '=', 'running')
      .execute();
    return true;
  }
}
