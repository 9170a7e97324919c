// Migrating running instances to an app's newest version as a process console bulk job: 10,000 instances (half at a
// step the new version keeps, half at one it drops, mapped to another), seeded by direct inserts, while a second
// app's tasks are approved one after another through the API; reports the job's time and the approvals' p50/p99.
// BENCH_INSTANCES (default 10000); BENCH_DB=sqlite|postgres to run one database.
import crypto from 'node:crypto';
import { report } from './lib.js';
import { testDialects } from '../tests/support/databases.js';
import { startTestApp } from '../tests/support/app.js';
import { bearer, tokenFor } from '../tests/support/auth.js';
import type { DialectName } from '../src/server/db/database.js';
import { TenantDb } from '../src/server/tenancy/tenant-db.js';
import type { Insertable } from 'kysely';
import type { RecordsTable, TasksTable, WorkflowInstancesTable } from '../src/server/db/schema.js';

type Row<T> = Omit<Insertable<T>, 'tenant_id'>;

export const name = 'process-console';

const N = Number(process.env.BENCH_INSTANCES ?? 10_000);
const PW = 'Bench-Pass-123';
const HOST = 'acme.localhost';

const form = {
  display_name: 'Bench',
  fieldGroups: [{ id: 'g', label: 'G', rows: [{ fields: [{ name: 'title', label: 'Title', fieldType: 'text' }] }] }],
};
const step = (id: string, left: number, approver: string) => ({
  activityId: id,
  type: 'Assignment',
  displayName: `Step ${id}`,
  position: { left, top: 0 },
  properties: {
    approvers: [{ type: 'user', id: approver }],
    approvalMode: 'any',
    dueInDays: null,
    reminderEveryHours: null,
    taskType: 'Approval',
  },
});
export const flow = (steps: string[], approver: string) => ({
  activities: [
    { activityId: 'start', type: 'StartProcess', position: { left: 0, top: 0 } },
    ...steps.map((s, i) => step(s, 100 * (i + 1), approver)),
    { activityId: 'done', type: 'CompletedProcess', position: { left: 900, top: 0 } },
  ],
  connections: [
    { sourceActivityId: 'start', targetActivityId: steps[0]!, outcome: 'Done' },
    ...steps.map((s, i) => ({ sourceActivityId: s, targetActivityId: steps[i + 1] ?? 'done', outcome: 'Approved' })),
  ],
});

async function one(dialect: DialectName) {
  const t = await startTestApp(dialect, { LOG_LEVEL: 'silent' });
  try {
    const { tenantId } = await t.addTenant('acme', PW);
    const tdb = new TenantDb(tenantId, t.db.forTenant(tenantId));
    const admin = (await tdb.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow())
      .id;
    const headers = bearer(await tokenFor(t.app, HOST, 'admin', PW), HOST);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers read loosely
    const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<any> => {
      const r = await t.app.inject({ method, url, headers, ...(payload && { payload }) });
      const body = r.json();
      if (!body.success) throw new Error(`${url}: ${body.message}`);
      return body.data;
    };
    const app = async (name: string, wf: object) => {
      const id = (await call('POST', '/api/form/Editor/CreateProcessFromScratch', { name })).id as string;
      await call('POST', `/api/form/Editor/SaveForm?id=${id}`, { module: form, workflow: wf });
      await call('POST', `/api/form/Editor/publish?id=${id}`, {});
      return id;
    };
    const migrating = await app('Migrating', flow(['keep', 'old'], admin));
    await seed(tdb, migrating, admin, N);
    await call('POST', `/api/form/Editor/SaveForm?id=${migrating}`, {
      module: form,
      workflow: flow(['keep', 'new'], admin),
    });
    await call('POST', `/api/form/Editor/publish?id=${migrating}`, {});
    // Approvals of another app go on meanwhile.
    const other = await app('Approvals', flow(['a', 'b', 'c'], admin));
    const records: string[] = [];
    for (let i = 0; i < 100; i++)
      records.push(
        (await call('POST', '/api/EntryModule/submit', { moduleId: other, data: { title: `r${i}` } })).recordId,
      );

    const preview = await call('GET', `/api/process-console/migration-preview?moduleId=${migrating}`);
    const started = performance.now();
    const job = await call('POST', '/api/process-console/jobs', {
      kind: 'migrate',
      filter: { moduleId: migrating },
      mapping: { old: 'new' },
    });
    const latencies: number[] = [];
    let stopApprovals = false;
    const approvals = (async () => {
      for (let round = 0; !stopApprovals && round < 3; round++)
        for (const recordId of records) {
          if (stopApprovals) break;
          const task = await tdb
            .selectFrom('tasks')
            .select('id')
            .where('record_id', '=', recordId)
            .where('status', '=', 'In Progress')
            .executeTakeFirst();
          if (!task) continue;
          const t0 = performance.now();
          await call('POST', '/api/EntryModule/approve', { taskId: task.id, accepted: true });
          latencies.push(performance.now() - t0);
        }
    })();
    let state = job;
    while (state.status === 'running') {
      await new Promise((r) => setTimeout(r, 200));
      state = await call('GET', `/api/process-console/jobs/${job.id}`);
    }
    const seconds = (performance.now() - started) / 1000;
    stopApprovals = true;
    await approvals;
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0);
    report(`process-console migrate ${dialect}`, {
      instances: N,
      needMapping: preview.needMapping,
      jobStatus: state.status,
      done: state.done,
      failed: state.failed,
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(state.done / seconds),
      approvalsDuring: latencies.length,
      approvalP50ms: pct(0.5),
      approvalP99ms: pct(0.99),
    });
  } finally {
    await t.close();
  }
}

/**
 * N running instances of the app's version 1, each with an open task: half at step keep, half at step old (or all
 * at `steps[0]` when given).
 */
export async function seed(tdb: TenantDb, moduleId: string, admin: string, n: number, steps = ['keep', 'old']) {
  const now = new Date().toISOString();
  for (let from = 0; from < n; from += 500) {
    const records: Row<RecordsTable>[] = [];
    const instances: Row<WorkflowInstancesTable>[] = [];
    const tasks: Row<TasksTable>[] = [];
    for (let i = from; i < Math.min(n, from + 500); i++) {
      const id = crypto.randomUUID();
      const instance = crypto.randomUUID();
      const at = steps[i % steps.length]!;
      records.push({
        id,
        module_id: moduleId,
        module_version: 1,
        data: JSON.stringify({ title: `m${i}` }),
        version: 1,
        is_draft: 0,
        sequence_number: i + 1,
        workflow_instance_id: instance,
        workflow_status: 'Submitted',
        workflow_activity_id: at,
        workflow_activity_name: `Step ${at}`,
        workflow_started_on: now,
        workflow_initiator_user: admin,
        workflow_initiator_email: 'admin@acme.test',
        workflow_completed_on: null,
        workflow_faulted_on: null,
        created_by: admin,
        created_on: now,
        modified_by: admin,
        modified_on: now,
        submitted_on: now,
      });
      instances.push({
        id: instance,
        record_id: id,
        module_id: moduleId,
        module_version: 1,
        status: 'Running' as const,
        initiator_id: admin,
        started_on: now,
        finished_on: null,
        fault: null,
      });
      tasks.push({
        id: crypto.randomUUID(),
        record_id: id,
        module_id: moduleId,
        instance_id: instance,
        activity_id: at,
        activity_title: `Step ${at}`,
        task_type: 'Approval',
        assignee_id: admin,
        assigned_from_user: 'Admin',
        status: 'In Progress' as const,
        outcome: null,
        due_on: null,
        version: 1,
        started_on: now,
        completed_on: null,
        team_id: null,
        message: null,
        remind_every_hours: null,
        next_reminder_on: null,
      });
    }
    await tdb.transaction(async (tx) => {
      await tx.insertInto('records', records).execute();
      await tx.insertInto('workflow_instances', instances).execute();
      await tx.insertInto('tasks', tasks).execute();
    });
  }
}

export async function run() {
  const only = process.env.BENCH_DB as DialectName | undefined;
  for (const d of await testDialects()) if (!only || only === d) await one(d);
}
