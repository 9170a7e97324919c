import crypto from 'node:crypto';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  ActivityHistoryTable,
  ModulesTable,
  RecordsTable,
  TasksTable,
  WorkflowCallsTable,
  WorkflowInstancesTable,
} from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuditEntry } from '../audit/trail.js';
import type { LoadedVersion, RecordRow } from '../records/store.js';
import { COMPLETE_STEP, START_STEP, type WorkflowActivity } from '../../../schemas/workflow-definition.js';
import { START_NOTICE_STEP, type ConnectorCall } from '../../../runtime/plugin-contract.js';
import { activities } from '../../../runtime/activity-registry-node.js';
import { historyRow, titleOf, type EngineEvent, type HistoryFacts, type Notice } from './effects.js';
import { OPEN, TASK_FAULTED, WF } from './status.js';

/**
 * The plan of one transition (the engine's parts: this plan, interpreter.ts walks the activities into it, reads.ts
 * loads what an action needs, effects.ts turns it into history, notifications and outbox rows, write.ts writes it
 * in one batch).
 */

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
export type Row<T> = Omit<Insertable<T>, 'tenant_id'>;

/** Whether an activity's type plays the start of the process (its plugin's role). */
export const isStart = (a: Pick<WorkflowActivity, 'type'> | undefined): boolean =>
  !!a && activities.manifests[a.type]?.role === 'start';

/** The activity every instance begins at. */
export const startOf = (v: LoadedVersion): WorkflowActivity | undefined => v.workflow.activities.find(isStart);

/** The permission step of a task: tasks at the start activity (a send-back to the initiator) use fs-start. */
export function stepOfTask(v: LoadedVersion, activityId: string): string {
  const a = v.workflow.activities.find((x) => x.activityId === activityId);
  return !a || isStart(a) ? START_STEP : activityId;
}

/**
 * One transition of one record, built in memory and then written in one go (write.ts): the record first (its
 * version is the lock every action takes, so PostgreSQL sees one lock order), then tasks, the instance, history and
 * the outbox. Activities only read while the plan is built.
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
  /** Data connector calls of steps the run reached (made after commit by the step runner). */
  readonly calls: Row<WorkflowCallsTable>[] = [];
  readonly notices: Notice[] = [];
  /** Audit entries of this transition, written in the same batch as the rest (no extra round trip). */
  readonly audits: AuditEntry[] = [];

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

  addHistory(h: HistoryFacts) {
    this.history.push(historyRow(this, h));
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
    this.notify(assigneeId, this.event, `${this.mod.display_name}: ${title} is waiting for you`, {
      taskId: id,
      currentStep: isStart(act) ? START_NOTICE_STEP : title,
    });
    Object.assign(this.patch, { workflow_activity_id: act.activityId, workflow_activity_name: title });
    return id;
  }

  /** Parks the process at a step that calls a data connector: the call is made once this run has committed. */
  park(act: WorkflowActivity, call: ConnectorCall) {
    this.calls.push({
      id: crypto.randomUUID(),
      record_id: this.record.id,
      instance_id: this.instanceId!,
      activity_id: act.activityId,
      connector_id: call.connectorId,
      input: JSON.stringify(call.input),
      status: 'pending',
      attempts: 0,
      max_attempts: call.attempts,
      timeout_ms: call.timeoutMs,
      next_attempt_at: this.now,
      lease_until: null,
      last_error: null,
      created_on: this.now,
      finished_on: null,
    });
    Object.assign(this.patch, { workflow_activity_id: act.activityId, workflow_activity_name: titleOf(act) });
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
}
