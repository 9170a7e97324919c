import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { loadAutomationRegistry } from '../../../runtime/automation-registry-node.js';
import { readPath } from '../../../runtime/connector-values.js';
import type { AutomationContext } from '../../../runtime/plugin-contract.js';
import { connectorById } from '../connectors/service.js';
import { runConnector } from '../connectors/run.js';
import { inTransaction } from '../engine/actions.js';
import { HttpError } from '../http/errors.js';
import type { NotificationPayload } from '../notifications/deliver.js';
import { enqueue } from '../outbox/outbox.js';
import { createRecordAs, ownerWhoMayCreate } from '../records/create-as.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { DB } from '../db/schema.js';
import type { Run, Step, StepOutcome } from './schemas.js';
import { runView } from './service.js';
import { newStoreOrders, rememberLastOrder, storeName } from '../bots/orders.js';

/** What a run needs of its automation: whose rights it runs with, and how it is named in the log. */
export type AutomationRef = Pick<DB['automations'], 'id' | 'name' | 'owner_id'>;

export interface RunOptions {
  trigger: Run['trigger'];
  /** The scheduled time it runs for, or a unique name for a run by hand: one run per slot. */
  slot: string;
  node: string;
  allowPrivate: boolean;
  log: FastifyBaseLogger;
  /** Nothing written, no other system called: each step says what it would do. */
  dryRun?: boolean;
  now?: Date;
  /** More about what started the run, under `run` for the steps (a record event: `run.record`). */
  context?: Record<string, unknown>;
}

const EXCERPT = 2000;
/** What the log keeps of a step's output: the value itself when small, else the start of its JSON. */
function excerpt(v: unknown): unknown {
  const text = JSON.stringify(v) ?? '';
  return text.length <= EXCERPT ? v : `${text.slice(0, EXCERPT)}…`;
}

const TEMPLATE = /\{\{\s*([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_$-]+)*)\s*\}\}/g;

const reasonOf = (err: unknown) =>
  err instanceof HttpError || err instanceof Error ? err.message.slice(0, 1000) : String(err).slice(0, 1000);

/**
 * Runs an automation's steps in order as its owner. Each step's output is kept for the steps after it
 * (`{{stepId.path}}`); a step that stops the run ends it as a success, a failing one ends it as a failure; the run
 * is written with what every step did (unless it is a dry run), and the owner is told after `notify_after` failures
 * in a row. Answers null when the slot has run already (another node got there first).
 */
export async function runAutomation(
  tdb: TenantDb,
  a: AutomationRef,
  steps: Step[],
  o: RunOptions,
): Promise<Run | null> {
  const { servers } = await loadAutomationRegistry();
  const now = o.now ?? new Date();
  const id = crypto.randomUUID();
  const started = now.toISOString();
  if (!o.dryRun) {
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
  const vars: Record<string, unknown> = {
    run: { ...o.context, trigger: o.trigger, startedOn: started, day: started.slice(0, 10) },
  };
  const fill = (text: string) =>
    text.replace(TEMPLATE, (_, path: string) => {
      const v = readPath(vars, path);
      return v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    });
  let mails = 0;
  const ctx: AutomationContext = {
    dryRun: !!o.dryRun,
    vars,
    fill,
    async createRecord(moduleId, data, submit) {
      const user = await ownerWhoMayCreate(tdb, a.owner_id, moduleId, 'automation');
      if (o.dryRun) return { recordId: null, wouldCreate: data };
      return { recordId: await inTransaction(tdb, (tx) => createRecordAs(tx, user, moduleId, data, submit)) };
    },
    async runConnector(connectorId, input) {
      const c = await connectorById(tdb, connectorId);
      if (o.dryRun) return { wouldCall: c.name, input };
      const r = await runConnector(
        tdb,
        { dcType: c.dcType, config: c.config, securityHeaderId: c.securityHeaderId },
        input,
        { allowPrivate: o.allowPrivate, log: o.log },
        { trigger: 'automation', connectorId: c.id, connectorName: c.name, step: a.name },
      );
      // As a workflow's connector step: only a 2xx answer counts, anything else fails the step.
      if (r.status < 200 || r.status >= 300)
        throw new HttpError(502, `${c.name}: the other system answered ${r.status}.`);
      return { status: r.status, outputs: r.outputs };
    },
    async sendMail(mail) {
      if (o.dryRun) return;
      // One outbox entry per address, keyed by the run: a retried delivery never sends twice.
      for (const to of mail.to)
        await enqueue(tdb, 'mail', { to, subject: mail.subject, text: mail.text }, `rpa:${id}:${mails++}`);
    },
    async storeOrders(storeKeyId) {
      if (o.dryRun) return { orders: [], wouldFetch: await storeName(tdb, storeKeyId), remember: async () => {} };
      const r = await newStoreOrders(tdb, storeKeyId, { allowPrivate: o.allowPrivate, log: o.log });
      return { orders: r.orders, remember: (orderId) => rememberLastOrder(tdb, storeKeyId, orderId) };
    },
  };

  const outcomes: StepOutcome[] = [];
  let status: Run['status'] = 'Succeeded';
  let error: string | null = null;
  for (const s of steps) {
    if (status !== 'Succeeded') {
      outcomes.push({ id: s.id, type: s.type, status: 'Skipped', ms: 0 });
      continue;
    }
    const t0 = performance.now();
    try {
      const server = servers[s.type];
      if (!server) throw new HttpError(400, `'${s.type}' is not a kind of step`);
      const r = await server.run(s.config as never, ctx);
      vars[s.id] = r.output;
      outcomes.push({
        id: s.id,
        type: s.type,
        status: r.stop ? 'Stopped' : 'Succeeded',
        ms: Math.round(performance.now() - t0),
        output: excerpt(r.output),
      });
      if (r.stop) status = 'Stopped';
    } catch (err) {
      if (!(err instanceof HttpError)) o.log.error({ err, automationId: a.id, step: s.id }, 'automation step failed');
      error = `${s.id}: ${reasonOf(err)}`;
      status = 'Failed';
      outcomes.push({
        id: s.id,
        type: s.type,
        status: 'Failed',
        ms: Math.round(performance.now() - t0),
        error: reasonOf(err),
      });
    }
  }
  const durationMs = Math.round(outcomes.reduce((n, s) => n + s.ms, 0));
  const row: DB['automation_runs'] = {
    id: o.dryRun ? 'dry-run' : id,
    tenant_id: tdb.tenantId,
    automation_id: a.id,
    slot: o.slot,
    trigger: o.trigger,
    status,
    steps: JSON.stringify(outcomes),
    error,
    node: o.node,
    started_on: started,
    duration_ms: durationMs,
  };
  if (o.dryRun) return runView(row, a.name);
  await tdb
    .updateTable('automation_runs')
    .set({ status, steps: row.steps, error, duration_ms: durationMs })
    .where('id', '=', id)
    .execute();
  await afterRun(tdb, a, status, started);
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
