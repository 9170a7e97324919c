import crypto from 'node:crypto';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  ActivityHistoryTable,
  ModulesTable,
  RecordsTable,
  TasksTable,
  WorkflowInstancesTable,
} from '../db/schema.js';
import type { TenantDb, TenantWrite } from '../tenancy/tenant-db.js';
import type { LoadedVersion, RecordRow } from '../records/store.js';
import { conflict } from '../http/errors.js';
import { COMPLETE_STEP, START_STEP, type WorkflowActivity } from '../../../schemas/workflow-definition.js';
import { loadActivityRegistry, type ActivityContext } from '../../../runtime/activity-registry-node.js';
import { fillTemplate, templateFor, type EngineEvent, type OutboxRow } from './effects.js';
import { OPEN, TASK_FAULTED, WF } from './status.js';
import { objectParams, param, rowParams } from '../db/prepared-query.js';
import { notificationRow, type NotificationPayload } from '../notifications/deliver.js';

export const RACE = 'This task was changed by someone else just now. Reload to see the current state.';
const MAX_STEPS = 200;

/** The signed-in user as the engine needs them (name and e-mail for history, mails and task sources). */
export interface Actor {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

export type ModuleRow = Pick<
  Selectable<ModulesTable>,
  'id' | 'display_name' | 'is_reassignment_disabled' | 'email_templates'
>;
type Row<T> = Omit<Insertable<T>, 'tenant_id'>;

interface Notice {
  userId: string;
  event: EngineEvent;
  content: string;
  taskId?: string | null;
  currentStep?: string | null;
}

export const titleOf = (a: WorkflowActivity) =>
  a.displayName || a.name || (typeof a.state?.title === 'string' ? a.state.title : '') || a.activityId;

/** The permission step of a task: tasks at the start activity (a send-back to the initiator) use fs-start. */
export function stepOfTask(v: LoadedVersion, activityId: string): string {
  const a = v.workflow.activities.find((x) => x.activityId === activityId);
  return !a || a.type === 'StartProcess' ? START_STEP : activityId;
}

/**
 * One transition of one record, built in memory and then written in one go by persist(): the record first
 * (its version is the lock every action takes, so PostgreSQL sees one lock order), then tasks, the instance,
 * history and the outbox. Activities only read while the plan is built.
 */
export class Run {
  readonly nowDate = new Date();
  readonly now = this.nowDate.toISOString();
  private tick = 0;
  data: Record<string, unknown>;
  instanceId: string | null;
  /** The actor's message (reason, reassignment note), offered to mail templates as {comment}. */
  comment: string | null = null;
  readonly patch: Updateable<RecordsTable> = {};
  actedTask?: { id: string; version: number; set: Updateable<TasksTable> };
  closeOpen?: { instanceId: string; exceptId?: string; status: TasksTable['status']; outcome: string };
  closeInstance?: { id: string; status: WorkflowInstancesTable['status'] };
  instanceInsert?: Row<WorkflowInstancesTable>;
  instanceSet?: Updateable<WorkflowInstancesTable>;
  readonly newTasks: Row<TasksTable>[] = [];
  readonly history: Row<ActivityHistoryTable>[] = [];
  readonly notices: Notice[] = [];
  /** Notifications stored by persist() with the action (filled from the notices). */
  private readonly notifications: ReturnType<typeof notificationRow>[] = [];

  constructor(
    readonly tx: TenantDb,
    readonly actor: Actor,
    readonly record: RecordRow,
    readonly mod: ModuleRow,
    readonly v: LoadedVersion,
    readonly event: EngineEvent,
  ) {
    this.data = JSON.parse(record.data) as Record<string, unknown>;
    this.instanceId = record.workflow_instance_id;
  }

  /** Timestamps that keep the order of history rows written in the same transition. */
  stamp(): string {
    return new Date(this.nowDate.getTime() + this.tick++).toISOString();
  }

  activity(id: string): WorkflowActivity | undefined {
    return this.v.workflow.activities.find((a) => a.activityId === id);
  }

  get initiator(): string {
    return this.record.workflow_initiator_user ?? this.record.created_by;
  }

  addHistory(h: {
    action: string;
    activity?: WorkflowActivity | null;
    taskId?: string | null;
    message?: string | null;
    accepted?: boolean | null;
    assignee?: string | null;
    approval?: { assigned_to?: string | null; reassigned_to?: string | null; reAssignedTo?: string | null };
    outcomes?: string[];
  }) {
    this.history.push({
      id: crypto.randomUUID(),
      record_id: this.record.id,
      module_id: this.record.module_id,
      instance_id: this.instanceId,
      activity_id: h.activity?.activityId ?? null,
      task_id: h.taskId ?? null,
      action_type: h.action,
      author_id: this.actor.id,
      author_name: this.actor.name,
      message: h.message ?? null,
      accepted: h.accepted == null ? null : h.accepted ? 1 : 0,
      data: JSON.stringify({
        activity_title: h.activity ? titleOf(h.activity) : null,
        Assignee: h.assignee ? { approver_name: h.assignee } : null,
        ApprovalHistory: h.approval ?? null,
        Outcomes: h.outcomes ?? [],
      }),
      created_on: this.stamp(),
    });
  }

  notify(
    userId: string,
    event: EngineEvent,
    content: string,
    extra: { taskId?: string | null; currentStep?: string | null } = {},
  ) {
    this.notices.push({ userId, event, content, ...extra });
  }

  /** Sets the current instance's status (the one inserted by this run, or the record's). */
  setInstance(status: WorkflowInstancesTable['status'], fault: string | null = null) {
    const finished = status === 'Running' ? null : this.now;
    if (this.instanceInsert) Object.assign(this.instanceInsert, { status, finished_on: finished, fault });
    else this.instanceSet = { status, finished_on: finished, fault };
  }

  /** A new instance for this record, pinned to the record's module version. */
  startInstance(status: string) {
    this.instanceId = crypto.randomUUID();
    this.instanceInsert = {
      id: this.instanceId,
      record_id: this.record.id,
      module_id: this.record.module_id,
      module_version: this.record.module_version,
      status: 'Running',
      initiator_id: this.actor.id,
      started_on: this.now,
      finished_on: null,
      fault: null,
    };
    Object.assign(this.patch, {
      is_draft: 0,
      submitted_on: this.now,
      workflow_instance_id: this.instanceId,
      workflow_status: status,
      workflow_activity_id: null,
      workflow_activity_name: null,
      workflow_started_on: this.now,
      workflow_initiator_user: this.actor.id,
      workflow_initiator_email: this.actor.email,
      workflow_completed_on: null,
      workflow_faulted_on: null,
    });
  }

  addTask(
    act: WorkflowActivity,
    assigneeId: string,
    o: {
      taskType: string;
      dueOn?: string | null;
      teamId?: string | null;
      message?: string | null;
      from?: string;
      remindEveryHours?: number | null;
    },
  ) {
    const id = crypto.randomUUID();
    const title = titleOf(act);
    this.newTasks.push({
      id,
      record_id: this.record.id,
      module_id: this.record.module_id,
      instance_id: this.instanceId!,
      activity_id: act.activityId,
      activity_title: title,
      task_type: o.taskType,
      assignee_id: assigneeId,
      assigned_from_user: o.from ?? this.actor.name,
      status: OPEN,
      outcome: null,
      due_on: o.dueOn ?? null,
      version: 1,
      started_on: this.now,
      completed_on: null,
      team_id: o.teamId ?? null,
      message: o.message ?? null,
      remind_every_hours: o.remindEveryHours ?? null,
      next_reminder_on: o.remindEveryHours
        ? new Date(this.nowDate.getTime() + o.remindEveryHours * 3_600_000).toISOString()
        : null,
    });
    const step = act.type === 'StartProcess' ? 'StartProcess' : title;
    this.notify(assigneeId, this.event, `${this.mod.display_name}: ${title} is waiting for you`, {
      taskId: id,
      currentStep: step,
    });
    Object.assign(this.patch, { workflow_activity_id: act.activityId, workflow_activity_name: title });
    return id;
  }

  finish(status: 'Completed' | 'Rejected') {
    Object.assign(this.patch, {
      workflow_status: status === 'Rejected' ? WF.rejected : WF.completed,
      workflow_completed_on: this.now,
      workflow_activity_id: COMPLETE_STEP,
      workflow_activity_name: 'Completed',
    });
    this.setInstance(status);
    this.addHistory({ action: 'Completed', outcomes: [status] });
    if (status === 'Completed')
      this.notify(this.initiator, 'completed', `${this.mod.display_name}: the process has been completed`);
  }

  /**
   * Stops the process. When an activity faulted, a closed task in status Faulted records where and why, in the
   * initiator's task history (lists filter on status), so the stop is visible beside the steps that ran.
   */
  fault(message: string, at?: WorkflowActivity) {
    Object.assign(this.patch, { workflow_status: WF.faulted, workflow_faulted_on: this.now });
    if (at && this.instanceId) {
      this.newTasks.push({
        id: crypto.randomUUID(),
        record_id: this.record.id,
        module_id: this.record.module_id,
        instance_id: this.instanceId,
        activity_id: at.activityId,
        activity_title: titleOf(at),
        task_type: 'Faulted',
        assignee_id: this.initiator,
        assigned_from_user: this.actor.name,
        status: TASK_FAULTED,
        outcome: 'Faulted',
        due_on: null,
        version: 1,
        started_on: this.now,
        completed_on: this.now,
        team_id: null,
        message,
        remind_every_hours: null,
        next_reminder_on: null,
      });
    }
    this.setInstance('Faulted', message);
    this.addHistory({ action: 'Faulted', message, outcomes: ['Faulted'] });
    this.notify(this.initiator, 'faulted', `${this.mod.display_name}: the process stopped: ${message}`);
  }

  private activityContext(): ActivityContext {
    const tx = this.tx;
    return {
      data: this.data,
      initiatorId: this.initiator,
      now: this.nowDate,
      async activeUsers(ids) {
        const unique = [...new Set(ids)];
        if (!unique.length) return [];
        // Prepared per list length (lists are short: the approvers of one step).
        const values: Record<string, unknown> = {};
        unique.forEach((id, i) => (values[`u${i}`] = id));
        const { rows } = await tx.prepared(
          `engine.activeUsers:${unique.length}`,
          (t) =>
            t
              .selectFrom('users')
              .select('id')
              .where(
                'id',
                'in',
                unique.map((_, i) => param(`u${i}`)),
              )
              .where('status', '=', 'active'),
          values,
        );
        const ok = new Set(rows.map((r) => r.id));
        return unique.filter((i) => ok.has(i));
      },
      async teamMembers(teamId) {
        const team = await tx.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
        if (!team) return undefined;
        const rows = await tx
          .selectFrom('team_members')
          .innerJoin('users', 'users.id', 'team_members.user_id')
          .select('users.id')
          .where('team_members.team_id', '=', teamId)
          .where('users.status', '=', 'active')
          .orderBy('users.id')
          .execute();
        return rows.map((r) => r.id);
      },
    };
  }

  /** Runs activities from `act` on until one waits, the process ends, or it faults. */
  async enter(act: WorkflowActivity): Promise<void> {
    const { manifests, servers } = await loadActivityRegistry();
    let current: WorkflowActivity | undefined = act;
    for (let steps = 0; current; steps++) {
      if (steps >= MAX_STEPS) return this.fault('The workflow runs in a loop.');
      const server = servers[current.type];
      if (!server) return this.fault(`Unknown activity type ${current.type}`, current);
      const config = { ...manifests[current.type]!.defaultConfig, ...(current.properties ?? {}) };
      const r = await server.execute(config, current, this.activityContext());
      if ('fault' in r) return this.fault(r.fault, current);
      if ('end' in r) return this.finish('Completed');
      if ('wait' in r) {
        for (const t of r.wait.tasks)
          this.addTask(current, t.assigneeId, {
            taskType: r.wait.taskType,
            dueOn: r.wait.dueOn,
            teamId: t.teamId,
            remindEveryHours: r.wait.remindEveryHours,
          });
        return;
      }
      const c = this.connection(current.activityId, r.outcome);
      if (!c) return this.finish('Completed');
      current = this.activity(c.targetActivityId);
      if (!current) return this.fault(`The workflow connects to a missing activity ${c.targetActivityId}`);
    }
  }

  private connection(fromId: string, outcome: string) {
    return this.v.workflow.connections.find((x) => x.sourceActivityId === fromId && (x.outcome || 'Done') === outcome);
  }

  /** Follows an outcome from an activity; without a connection the process ends (rejected for Rejected). */
  async advance(fromId: string, outcome: string): Promise<void> {
    const c = this.connection(fromId, outcome);
    if (!c) return this.finish(outcome === 'Rejected' ? 'Rejected' : 'Completed');
    const a = this.activity(c.targetActivityId);
    if (!a) return this.fault(`The workflow connects to a missing activity ${c.targetActivityId}`);
    return this.enter(a);
  }

  /** Notifications for every notice, and mails where the module has a template for the event. */
  private async outboxRows(version: number): Promise<OutboxRow[]> {
    const rows: OutboxRow[] = [];
    const base = `${this.record.id}:${version}`;
    const mailTo = new Map<string, { event: EngineEvent; taskId?: string | null; step?: string | null }[]>();
    this.notices.forEach((n, i) => {
      const key = `${base}:n${i}:${n.userId}`;
      const stored = { id: crypto.randomUUID(), createdOn: this.now };
      const payload: NotificationPayload = {
        userId: n.userId,
        event: n.event,
        content: n.content,
        currentStep: n.currentStep ?? null,
        taskId: n.taskId ?? null,
        moduleId: this.record.module_id,
        recordId: this.record.id,
        recordCreatedBy: this.record.created_by,
        // Stored with the action (the bell shows it at once); the outbox entry pushes it to open pages.
        stored,
      };
      this.notifications.push(notificationRow(payload, key, stored.id, stored.createdOn));
      rows.push({ kind: 'notification', key, payload });
      if (templateFor(this.mod.email_templates, this.v.definition.emailTemplates, n.event)) {
        const list = mailTo.get(n.userId) ?? [];
        list.push({ event: n.event, taskId: n.taskId, step: n.currentStep });
        mailTo.set(n.userId, list);
      }
    });
    if (mailTo.size) {
      const users = await this.tx
        .selectFrom('users')
        .select(['id', 'email', 'fullname'])
        .where('id', 'in', [...mailTo.keys()])
        .execute();
      for (const u of users) {
        for (const [i, m] of (mailTo.get(u.id) ?? []).entries()) {
          const t = templateFor(this.mod.email_templates, this.v.definition.emailTemplates, m.event)!;
          const rec = `/item-editor/${this.record.module_id}/${this.record.id}`;
          const values = {
            ...this.data,
            app_name: this.mod.display_name,
            assignee_name: u.fullname,
            actor_name: this.actor.name,
            step: m.step ?? '',
            comment: this.comment ?? '',
            record_link: rec,
            task_link: m.taskId ? `/task-editor/${this.record.module_id}/${this.record.id}/${m.taskId}` : rec,
          };
          rows.push({
            kind: 'mail',
            key: `${base}:m${i}:${u.id}:${m.event}`,
            payload: {
              to: u.email,
              subject: fillTemplate(t.subject, values),
              text: fillTemplate(t.body, values),
              html: undefined,
            },
          });
        }
      }
    }
    return rows;
  }

  /** Writes the plan. Any stale version throws 409 and the caller's transaction rolls everything back. */
  async persist(): Promise<{ version: number }> {
    const version = this.record.version + 1;
    const out = await this.outboxRows(version);
    // Every write is prepared per shape (prepared-query.ts) and all go as one batch: one statement on PostgreSQL.
    const values: Record<string, unknown> = { now: this.now };
    const parts: TenantWrite[] = [
      versionedUpdate(
        'records',
        'r',
        this.record,
        { ...this.patch, modified_by: this.actor.id, modified_on: this.now },
        values,
      ),
    ];
    if (this.actedTask) parts.push(versionedUpdate('tasks', 't', this.actedTask, this.actedTask.set, values));
    if (this.closeOpen) {
      const c = this.closeOpen;
      Object.assign(values, { 'c:instance': c.instanceId, 'c:status': c.status, 'c:outcome': c.outcome });
      if (c.exceptId) values['c:except'] = c.exceptId;
      parts.push({
        key: `closeOpen:${!!c.exceptId}`,
        build: (t) =>
          t
            .updateTable('tasks')
            .set((eb) => ({
              status: param('c:status'),
              outcome: param('c:outcome'),
              completed_on: param('now'),
              version: eb('version', '+', 1),
            }))
            .where('instance_id', '=', param('c:instance'))
            .where('status', '=', OPEN)
            .$if(!!c.exceptId, (q) => q.where('id', '!=', param('c:except'))),
      });
    }
    if (this.closeInstance) {
      Object.assign(values, { 'ci:id': this.closeInstance.id, 'ci:status': this.closeInstance.status });
      parts.push({
        key: 'closeInstance',
        build: (t) =>
          t
            .updateTable('workflow_instances')
            .set({ status: param('ci:status'), finished_on: param('now') })
            .where('id', '=', param('ci:id'))
            .where('finished_on', 'is', null),
      });
    }
    if (this.instanceSet && this.instanceId) {
      const is = objectParams(this.instanceSet, 'is.', values);
      values['is:id'] = this.instanceId;
      parts.push({
        key: `instanceSet:${is.shape}`,
        build: (t) => t.updateTable('workflow_instances').set(is.row).where('id', '=', param('is:id')),
      });
    }
    type Table = 'workflow_instances' | 'tasks' | 'activity_history' | 'outbox' | 'notifications';
    const inserts: [string, Table, object[]][] = [
      ['ii', 'workflow_instances', this.instanceInsert ? [this.instanceInsert] : []],
      ['nt', 'tasks', this.newTasks],
      ['h', 'activity_history', this.history],
      ['o', 'outbox', out.map((o) => this.outboxRow(o))],
      ['n', 'notifications', this.notifications],
    ];
    for (const [prefix, table, rows] of inserts) {
      if (!rows.length) continue;
      const p = rowParams(rows, `${prefix}.`, values);
      parts.push({
        key: `insert.${table}:${p.shape}`,
        build: (t) => {
          const q = t.insertInto(table, p.rows as never);
          // An entry (or its notification) already written for its key is not written twice.
          if (table === 'outbox') return q.onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing());
          if (table === 'notifications')
            return q.onConflict((oc) => oc.columns(['tenant_id', 'source_key']).doNothing());
          return q;
        },
      });
    }
    const counts = await this.tx.writeBatch(parts, values);
    if (parts.some((p, i) => p.mustAffect && !counts[i])) throw conflict(RACE);
    return { version };
  }

  private outboxRow(o: OutboxRow) {
    return {
      kind: o.kind,
      idempotency_key: o.key,
      payload: JSON.stringify(o.payload),
      status: 'pending' as const,
      attempts: 0,
      available_at: this.now,
      last_error: null,
      created_on: this.now,
      delivered_on: null,
    };
  }
}

/**
 * The optimistic-lock update every action makes of its record (and of the task it acts on): the new values and
 * version = was + 1, where the row still has version `was` (and a task is still open); affecting nothing is a 409.
 */
function versionedUpdate(
  table: 'records' | 'tasks',
  prefix: string,
  row: { id: string; version: number },
  set: Updateable<RecordsTable> | Updateable<TasksTable>,
  values: Record<string, unknown>,
): TenantWrite {
  const s = objectParams({ ...set, version: row.version + 1 }, `${prefix}.`, values);
  Object.assign(values, { [`${prefix}:id`]: row.id, [`${prefix}:was`]: row.version });
  return {
    key: `${table}.versioned:${s.shape}`,
    build: (t) => {
      const q = t
        .updateTable(table)
        .set(s.row as never)
        .where('id', '=', param(`${prefix}:id`))
        .where('version', '=', param<number>(`${prefix}:was`));
      return table === 'tasks' ? q.where('status', '=', OPEN) : q;
    },
    mustAffect: true,
  };
}
