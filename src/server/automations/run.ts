import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { loadAutomationRegistry } from '../../../runtime/automation-registry-node.js';
import { HttpError, badRequest } from '../http/errors.js';
import type { NotificationPayload } from '../notifications/deliver.js';
import { enqueue } from '../outbox/outbox.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { DB } from '../db/schema.js';
import { stepContext } from './context.js';
import type { Run, Step, StepOutcome } from './schemas.js';
import { runView } from './service.js';
import type { EventOrigin } from './origin.js';

/** What a run needs of its automation: whose rights it runs with, and how it is named in the log. */
export type AutomationRef = Pick<DB['automations'], 'id' | 'name' | 'owner_id'>;

export interface RunOptions {
  trigger: Run['trigger'];
  /** The scheduled time it runs for, or a unique name for a run by hand: one run per slot. */
  slot: string;
  node: string;
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  /** Where a waiting run's due time is kept (automation_waits, read across tenants). */
  system: Kysely<DB>;
  /** Nothing written, no other system called: each step says what it would do. */
  dryRun?: boolean;
  now?: Date;
  /** More about what started the run, under `run` for the steps (a record event: `run.record`). */
  context?: Record<string, unknown>;
  /** The automations whose writes led to the event that started this run (origin.ts): none for other runs. */
  origin?: EventOrigin;
  /** A waiting run going on: its id, the next step and what the steps before it gave. */
  resume?: Resume & { runId: string };
}

/** What a waiting run keeps (automation_runs.resume): its steps as they were, where it goes on, and the outputs. */
export interface Resume {
  steps: Step[];
  next: number;
  vars: Record<string, unknown>;
  outcomes: StepOutcome[];
  startedOn: string;
}

const EXCERPT = 2000;
/** What the log keeps of a step's output: the value itself when small, else the start of its JSON. */
function excerpt(v: unknown): unknown {
  const text = JSON.stringify(v) ?? '';
  return text.length <= EXCERPT ? v : `${text.slice(0, EXCERPT)}…`;
}

const STAYS_DONE = 'What the run did before it stopped stays done: records already updated stay updated.';

const reasonOf = (err: unknown) =>
  err instanceof HttpError || err instanceof Error ? err.message.slice(0, 1000) : String(err).slice(0, 1000);

/** A time a step may wait until: a valid date, not more than a year ahead. */
function resumeTime(at: string, now: Date): string {
  const t = new Date(at);
  if (Number.isNaN(t.getTime())) throw badRequest(`'${at}' is not a date and time`);
  if (t.getTime() - now.getTime() > 366 * 86_400_000) throw badRequest('A run waits at most a year');
  return t.toISOString();
}

/**
 * Runs an automation's steps in order as its owner. Each step's output is kept for the steps after it
 * (`{{stepId.path}}`); a step that stops the run ends it as a success, a failing one ends it as a failure, a wait
 * step parks it (status Waiting, its way on kept) until the scheduler resumes it; a run cancelled meanwhile stops
 * after the step under way (a bulk update: between batches). The run is written with what every step did (unless
 * it is a dry run), and the owner is told after `notify_after` failures in a row. Answers null when the slot has
 * run already (another node got there first).
 */
export async function runAutomation(
  tdb: TenantDb,
  a: AutomationRef,
  steps: Step[],
  o: RunOptions,
): Promise<Run | null> {
  const { servers } = await loadAutomationRegistry();
  const now = o.now ?? new Date();
  const id = o.resume?.runId ?? crypto.randomUUID();
  const started = o.resume?.startedOn ?? now.toISOString();
  if (!o.dryRun && !o.resume) {
    try {
      await tdb
        .insertInto('automation_runs', {
          id,
          automation_id: a.id,
          slot: o.slot,
          trigger: o.trigger,
          status: 'Running',
          steps: '[]',
          error: null,
          node: o.node,
          started_on: started,
          duration_ms: null,
        })
        .execute();
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code === '23505' || code.startsWith('SQLITE_CONSTRAINT')) return null;
      throw err;
    }
  }
  const vars: Record<string, unknown> = o.resume?.vars ?? {
    run: { ...o.context, trigger: o.trigger, startedOn: started, day: started.slice(0, 10) },
  };
  const outcomes: StepOutcome[] = [...(o.resume?.outcomes ?? [])];
  let current: { s: Step; t0: number } | undefined;
  const cancelled = async () => {
    if (o.dryRun) return false;
    const r = await tdb.selectFrom('automation_runs').select('status').where('id', '=', id).executeTakeFirst();
    return r?.status === 'Cancelled';
  };
  const progress = async (output: Record<string, unknown>) => {
    if (o.dryRun || !current) return;
    const ms = Math.round(performance.now() - current.t0);
    const now: StepOutcome = { id: current.s.id, type: current.s.type, status: 'Running', ms, output: excerpt(output) };
    await tdb
      .updateTable('automation_runs')
      .set({ steps: JSON.stringify([...outcomes, now]) })
      .where('id', '=', id)
      .execute();
  };
  const ctx = stepContext({ tdb, a, o, runId: id, vars, progress, cancelled });

  let status: Run['status'] = 'Succeeded';
  let error: string | null = null;
  let wait: { at: string; next: number } | undefined;
  for (let i = o.resume?.next ?? 0; i < steps.length; i++) {
    const s = steps[i]!;
    if (status !== 'Succeeded') {
      outcomes.push({ id: s.id, type: s.type, status: 'Skipped', ms: 0 });
      continue;
    }
    current = { s, t0: performance.now() };
    try {
      const server = servers[s.type];
      if (!server) throw new HttpError(400, `'${s.type}' is not a kind of step`);
      const r = await server.run(s.config as never, ctx);
      vars[s.id] = r.output;
      const ms = Math.round(performance.now() - current.t0);
      outcomes.push({
        id: s.id,
        type: s.type,
        status: r.stop ? 'Stopped' : 'Succeeded',
        ms,
        output: excerpt(r.output),
      });
      if (r.stop) status = 'Stopped';
      else if (await cancelled()) {
        status = 'Cancelled';
        error = STAYS_DONE;
      } else if (r.resumeAt && !o.dryRun && i + 1 < steps.length) {
        wait = { at: resumeTime(r.resumeAt, now), next: i + 1 };
        break;
      }
    } catch (err) {
      if (!(err instanceof HttpError)) o.log.error({ err, automationId: a.id, step: s.id }, 'automation step failed');
      error = `${s.id}: ${reasonOf(err)}`;
      status = 'Failed';
      const ms = Math.round(performance.now() - current.t0);
      outcomes.push({ id: s.id, type: s.type, status: 'Failed', ms, error: reasonOf(err) });
    }
  }
  const durationMs = Math.round(outcomes.reduce((n, s) => n + s.ms, 0));
  const row: DB['automation_runs'] = {
    id: o.dryRun ? 'dry-run' : id,
    tenant_id: tdb.tenantId,
    automation_id: a.id,
    slot: o.slot,
    trigger: o.trigger,
    status: wait ? 'Waiting' : status,
    steps: JSON.stringify(outcomes),
    error,
    node: o.node,
    started_on: started,
    duration_ms: wait ? null : durationMs,
  };
  if (o.dryRun) return runView(row, a.name);
  const resume: Resume | null = wait ? { steps, next: wait.next, vars, outcomes, startedOn: started } : null;
  const written = await tdb
    .updateTable('automation_runs')
    .set({ status: row.status, steps: row.steps, error, duration_ms: row.duration_ms, resume: JSON.stringify(resume) })
    .where('id', '=', id)
    .where('status', '=', 'Running')
    .executeTakeFirst();
  if (!Number(written.numUpdatedRows)) {
    // Cancelled while a step ran: the run stays cancelled, and its log says that what was done stays done.
    const by = await tdb.selectFrom('automation_runs').select('error').where('id', '=', id).executeTakeFirst();
    row.error = `${by?.error ?? 'Cancelled.'} ${STAYS_DONE}`;
    Object.assign(row, { status: 'Cancelled', duration_ms: durationMs });
    await tdb
      .updateTable('automation_runs')
      .set({ steps: row.steps, duration_ms: durationMs, resume: null, error: row.error })
      .where('id', '=', id)
      .execute();
  } else if (wait) {
    await o.system
      .insertInto('automation_waits')
      .values({
        run_id: id,
        tenant_id: tdb.tenantId,
        automation_id: a.id,
        resume_on: wait.at,
        lease_owner: null,
        lease_until: null,
      })
      .execute();
    return runView(row, a.name);
  }
  await afterRun(tdb, a, row.status, started);
  return runView(row, a.name);
}

/** The automation's last result; its owner is told when failures in a row reach the number it names. */
async function afterRun(tdb: TenantDb, a: AutomationRef, status: Run['status'], at: string) {
  const failed = status === 'Failed';
  await tdb.transaction(async (tx) => {
    const fresh = await tx
      .selectFrom('automations')
      .select(['failures_in_row', 'notify_after'])
      .where('id', '=', a.id)
      .executeTakeFirst();
    if (!fresh) return;
    const failures = failed ? Number(fresh.failures_in_row) + 1 : 0;
    await tx
      .updateTable('automations')
      .set({ last_run_on: at, last_status: status, failures_in_row: failures })
      .where('id', '=', a.id)
      .execute();
    if (failed && failures === Number(fresh.notify_after)) {
      const note: NotificationPayload = {
        userId: a.owner_id,
        event: 'automation',
        content: `Automation ${a.name} has failed ${failures} times in a row.`,
      };
      await enqueue(tx, 'notification', note, `automation-failing:${a.id}:${at}`);
    }
  });
}
