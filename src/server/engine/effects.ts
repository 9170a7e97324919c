import crypto from 'node:crypto';
import type { ActivityHistoryTable } from '../db/schema.js';
import type { EmailTemplate } from '../../../schemas/module-definition.js';
import type { WorkflowActivity } from '../../../schemas/workflow-definition.js';
import { notificationRow, type NotificationPayload } from '../notifications/deliver.js';
import type { Row, Run } from './engine.js';
import { mailRecipients } from './reads.js';
import { WF } from './status.js';
import { engineEvents, eventKey, WEBHOOK_OUTBOX_KIND, type EventEntry } from '../webhooks/events.js';

// What a transition leaves besides its record and task writes: history, notifications, mails (outbox rows).

/** How tasks, history and notifications name an activity. */
export const titleOf = (a: WorkflowActivity) =>
  a.displayName || a.name || (typeof a.state?.title === 'string' ? a.state.title : '') || a.activityId;

/** The module's email events (spec section 3) plus the notification-only ones. */
export type EngineEvent =
  | 'submit'
  | 'approve'
  | 'rejected'
  | 'reassign'
  | 'sendback'
  | 'restart'
  | 'completed'
  | 'withdraw'
  | 'reminder'
  | 'faulted'
  | 'connector';

/** Someone to tell about the transition (a notification; a mail too where the module has a template). */
export interface Notice {
  userId: string;
  event: EngineEvent;
  content: string;
  taskId?: string | null;
  currentStep?: string | null;
}

export interface OutboxRow {
  kind: 'notification' | 'mail' | typeof WEBHOOK_OUTBOX_KIND;
  key: string;
  payload: object;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Fills {name} / {{name}} placeholders (the designer's template syntax) from the record and the event. */
export function fillTemplate(text: string, values: Record<string, unknown>, html = false): string {
  return text.replace(/\{\{?\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}?\}/g, (_m, k: string) => {
    const v = values[k];
    const s = v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return html ? escapeHtml(s) : s;
  });
}

/** Templates per event from the module row (modules.email_templates) or the published definition. */
export function templateFor(
  fromModule: string,
  fromDefinition: Partial<Record<string, EmailTemplate>> | undefined,
  event: EngineEvent,
): EmailTemplate | undefined {
  let t: EmailTemplate | undefined;
  try {
    t = (JSON.parse(fromModule || '{}') as Record<string, EmailTemplate>)[event];
  } catch {
    t = undefined;
  }
  t ??= fromDefinition?.[event];
  return t && (t.subject || t.body) ? t : undefined;
}

/** What one history entry records. */
export interface HistoryFacts {
  action: string;
  activity?: WorkflowActivity | null;
  taskId?: string | null;
  message?: string | null;
  accepted?: boolean | null;
  assignee?: string | null;
  approval?: { assigned_to?: string | null; reassigned_to?: string | null; reAssignedTo?: string | null };
  outcomes?: string[];
}

/** An activity-history row of the run's record and instance, by the run's actor. */
export function historyRow(run: Run, h: HistoryFacts): Row<ActivityHistoryTable> {
  return {
    id: crypto.randomUUID(),
    record_id: run.record.id,
    module_id: run.record.module_id,
    instance_id: run.instanceId,
    activity_id: h.activity?.activityId ?? null,
    task_id: h.taskId ?? null,
    action_type: h.action,
    author_id: run.actor.id,
    author_name: run.actor.name,
    message: h.message ?? null,
    accepted: h.accepted == null ? null : h.accepted ? 1 : 0,
    data: JSON.stringify({
      activity_title: h.activity ? titleOf(h.activity) : null,
      Assignee: h.assignee ? { approver_name: h.assignee } : null,
      ApprovalHistory: h.approval ?? null,
      Outcomes: h.outcomes ?? [],
    }),
    created_on: run.stamp(),
  };
}

/**
 * The run's notices as stored notifications (the bell shows them with the action) and outbox rows: one per
 * notification (it pushes the notification to open pages once delivered) and a mail where the module has a
 * template for the event. Keys carry the record and its new version, so a retried write adds nothing twice.
 */
export async function noticeRows(
  run: Run,
  version: number,
): Promise<{ outbox: OutboxRow[]; notifications: ReturnType<typeof notificationRow>[] }> {
  const outbox: OutboxRow[] = [];
  const notifications: ReturnType<typeof notificationRow>[] = [];
  const { record, mod, v } = run;
  const base = `${record.id}:${version}`;
  const mailTo = new Map<string, { event: EngineEvent; taskId?: string | null; step?: string | null }[]>();
  run.notices.forEach((n, i) => {
    const key = `${base}:n${i}:${n.userId}`;
    const stored = { id: crypto.randomUUID(), createdOn: run.now };
    const payload: NotificationPayload = {
      userId: n.userId,
      event: n.event,
      content: n.content,
      currentStep: n.currentStep ?? null,
      taskId: n.taskId ?? null,
      moduleId: record.module_id,
      recordId: record.id,
      recordCreatedBy: record.created_by,
      stored,
    };
    notifications.push(notificationRow(payload, key, stored.id, stored.createdOn));
    outbox.push({ kind: 'notification', key, payload });
    if (templateFor(mod.email_templates, v.definition.emailTemplates, n.event)) {
      const list = mailTo.get(n.userId) ?? [];
      list.push({ event: n.event, taskId: n.taskId, step: n.currentStep });
      mailTo.set(n.userId, list);
    }
  });
  if (!mailTo.size) return { outbox, notifications };
  for (const u of await mailRecipients(run.tx, [...mailTo.keys()])) {
    for (const [i, m] of (mailTo.get(u.id) ?? []).entries()) {
      const t = templateFor(mod.email_templates, v.definition.emailTemplates, m.event)!;
      const rec = `/item-editor/${record.module_id}/${record.id}`;
      const values = {
        ...run.data,
        app_name: mod.display_name,
        assignee_name: u.fullname,
        actor_name: run.actor.name,
        step: m.step ?? '',
        comment: run.comment ?? '',
        record_link: rec,
        task_link: m.taskId ? `/task-editor/${record.module_id}/${record.id}/${m.taskId}` : rec,
      };
      outbox.push({
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
  return { outbox, notifications };
}

/** The run's record events for webhooks (the outbox fans them out to listening webhooks once committed). */
export function webhookRow(run: Run, version: number): OutboxRow | undefined {
  const completed = !!run.patch.workflow_completed_on && run.patch.workflow_status === WF.completed;
  const events = engineEvents(run.event, completed);
  if (!events.length) return undefined;
  const entry: EventEntry = {
    events,
    recordId: run.record.id,
    moduleId: run.record.module_id,
    version,
    actorId: run.actor.id,
    at: run.now,
  };
  return { kind: WEBHOOK_OUTBOX_KIND, key: eventKey(entry), payload: entry };
}
