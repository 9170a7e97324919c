import { sql } from 'kysely';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { loadRecordFor } from '../access/index.js';
import { notFound } from '../http/errors.js';
import { loadVersion } from '../records/store.js';
import { processOutcome, processStatus, OPEN } from '../engine/status.js';
import { titleOf } from '../engine/effects.js';
import { afterCursor, instancesWhere, rowColumns, type ListedRow } from './queries.js';
import type { InstanceDetail, InstanceListBody, InstancePage, InstanceRow, MigrationPreview } from './schemas.js';

const COUNT_CAP = 10_000;

function toRow(r: ListedRow): InstanceRow {
  const s = processStatus(r);
  return {
    recordId: r.id,
    instanceId: r.workflow_instance_id,
    moduleId: r.module_id,
    appName: r.display_name,
    moduleVersion: r.module_version,
    status: s.status,
    statusDisplay: s.display,
    outcome: processOutcome(r),
    workflowStatus: r.workflow_status,
    step: r.workflow_activity_name,
    stepId: r.workflow_activity_id,
    initiatorId: r.workflow_initiator_user,
    initiatorName: r.initiator_name,
    startedOn: r.submitted_on ?? r.workflow_started_on,
    completedOn: r.workflow_completed_on,
    faultedOn: r.workflow_faulted_on,
    createdOn: r.created_on,
  };
}

/** A page of instances, newest first, after the cursor; the total is counted up to 10,000. */
export async function listInstances(tdb: TenantDb, user: AuthUser, b: InstanceListBody): Promise<InstancePage> {
  const length = b.length ?? 50;
  const base = instancesWhere(tdb, user, b);
  const rows = await rowColumns(afterCursor(base, b.cursor))
    .orderBy('records.created_on', 'desc')
    .orderBy('records.id', 'desc')
    .limit(length + 1)
    .execute();
  const counted = await base
    .select('records.id')
    .limit(COUNT_CAP + 1)
    .execute();
  const shown = rows.slice(0, length);
  const last = shown[shown.length - 1];
  return {
    data: shown.map(toRow),
    recordsTotal: Math.min(counted.length, COUNT_CAP),
    countCapped: counted.length > COUNT_CAP,
    nextCursor: rows.length > length && last ? `${last.created_on}|${last.id}` : null,
  };
}

/** One instance: its row, history, open tasks, the record's values (all of them) and the steps it could move to. */
export async function instanceDetail(tdb: TenantDb, user: AuthUser, recordId: string): Promise<InstanceDetail> {
  const record = await loadRecordFor(tdb, user, recordId);
  if (!record.workflow_instance_id) throw notFound('This record has no process.');
  const [row] = await rowColumns(instancesWhere(tdb, user, {}).where('records.id', '=', record.id)).execute();
  if (!row) throw notFound('Record not found');
  const [history, tasks, v, mod] = await Promise.all([
    tdb
      .selectFrom('activity_history')
      .selectAll()
      .where('record_id', '=', record.id)
      .orderBy('created_on')
      .orderBy('id')
      .execute(),
    tdb
      .selectFrom('tasks')
      .leftJoin('users', (j) =>
        j.onRef('users.id', '=', 'tasks.assignee_id').onRef('users.tenant_id', '=', 'tasks.tenant_id'),
      )
      .select([
        'tasks.id',
        'tasks.activity_id',
        'tasks.activity_title',
        'tasks.assignee_id',
        'users.fullname',
        'tasks.status',
        'tasks.due_on',
        'tasks.started_on',
      ])
      .where('tasks.instance_id', '=', record.workflow_instance_id)
      .where('tasks.status', '=', OPEN)
      .orderBy('tasks.started_on')
      .execute(),
    loadVersion(tdb, record.module_id, record.module_version),
    tdb.selectFrom('modules').select('published_version').where('id', '=', record.module_id).executeTakeFirst(),
  ]);
  return {
    row: toRow(row),
    fault: row.fault,
    data: JSON.parse(record.data) as Record<string, unknown>,
    history: history.map((h) => {
      const d = JSON.parse(h.data) as { activity_title?: string | null; Outcomes?: string[] };
      return {
        id: h.id,
        instanceId: h.instance_id,
        activityId: h.activity_id,
        activityTitle: d.activity_title ?? null,
        action: h.action_type,
        author: h.author_name,
        message: h.message,
        outcomes: d.Outcomes ?? [],
        at: h.created_on,
      };
    }),
    openTasks: tasks.map((t) => ({
      id: t.id,
      activityId: t.activity_id,
      title: t.activity_title,
      assigneeId: t.assignee_id,
      assigneeName: t.fullname,
      status: t.status,
      dueOn: t.due_on,
      startedOn: t.started_on,
    })),
    steps: v.workflow.activities.map((a) => ({ activityId: a.activityId, title: titleOf(a), type: a.type })),
    newestVersion: mod?.published_version ?? null,
  };
}

/** Running processes of an app by version and current step, and whether that step is in the newest version. */
export async function migrationPreview(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<MigrationPreview> {
  const mod = await tdb
    .selectFrom('modules')
    .select(['id', 'published_version'])
    .where('id', '=', moduleId)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();
  if (!mod) throw notFound('App not found');
  const newest = mod.published_version;
  const empty = { moduleId, newestVersion: newest, running: 0, canMigrate: 0, needMapping: 0, groups: [], targets: [] };
  if (!newest) return empty;
  const to = await loadVersion(tdb, moduleId, newest);
  // The step of each open process: its open tasks' step, else where it stands (a faulted one at its last task).
  const rows = await instancesWhere(tdb, user, { moduleId })
    .leftJoin('tasks as t', (j) =>
      j
        .onRef('t.instance_id', '=', 'records.workflow_instance_id')
        .onRef('t.tenant_id', '=', 'records.tenant_id')
        .on('t.status', '=', OPEN),
    )
    .where('records.is_draft', '=', 0)
    .where('records.workflow_completed_on', 'is', null)
    .where('records.module_version', '<', newest)
    .select((eb) => [
      'records.module_version',
      eb.fn.coalesce('t.activity_id', 'records.workflow_activity_id').as('step'),
      eb.fn.max('t.activity_title').as('title'),
      eb.fn.max('records.workflow_activity_name').as('name'),
      sql<number>`count(distinct records.id)`.as('n'),
    ])
    .groupBy(['records.module_version', sql`coalesce(t.activity_id, records.workflow_activity_id)`])
    .execute();
  const has = new Set(to.workflow.activities.map((a) => a.activityId));
  const groups = rows
    .map((r) => ({
      fromVersion: Number(r.module_version),
      stepId: r.step,
      stepTitle: r.title ?? r.name ?? r.step,
      exists: !r.step || has.has(r.step),
      count: Number(r.n),
    }))
    .sort((a, b) => a.fromVersion - b.fromVersion || b.count - a.count);
  const sum = (ok: boolean) => groups.filter((g) => g.exists === ok).reduce((n, g) => n + g.count, 0);
  return {
    ...empty,
    running: sum(true) + sum(false),
    canMigrate: sum(true),
    needMapping: sum(false),
    groups,
    targets: to.workflow.activities.map((a) => ({ activityId: a.activityId, title: titleOf(a), type: a.type })),
  };
}
