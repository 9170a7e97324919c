import type { TenantDb } from '../tenancy/tenant-db.js';
import { enqueue } from '../outbox/outbox.js';
import type { WebhookEvent } from './event-names.js';

/** The outbox kind whose handler fans an event out into one delivery per listening webhook. */
export const WEBHOOK_OUTBOX_KIND = 'webhook';

/** What the outbox entry of an event holds: enough to find the record and who caused it, never its data. */
export interface EventEntry {
  events: WebhookEvent[];
  recordId: string;
  moduleId: string;
  /** The record's version the event made (deliveries of a later version never carry an earlier one's key). */
  version: number;
  actorId: string;
  at: string;
  /** Only for record.deleted: who could see the record, since it is gone when the entry is handled. */
  gone?: { createdBy: string; initiator: string | null; isDraft: boolean; sequence: number | null };
}

/** The workflow actions' events (the engine's names) as webhook events; a run that completes adds record.completed. */
const FROM_ENGINE: Record<string, WebhookEvent> = {
  submit: 'record.submitted',
  approve: 'record.approved',
  rejected: 'record.rejected',
  sendback: 'record.sent_back',
  reassign: 'record.reassigned',
  restart: 'record.restarted',
};

export function engineEvents(engineEvent: string, completed: boolean): WebhookEvent[] {
  const first = FROM_ENGINE[engineEvent];
  return [...(first ? [first] : []), ...(completed ? (['record.completed'] as const) : [])];
}

export const eventKey = (e: Pick<EventEntry, 'recordId' | 'version' | 'events'>) =>
  `wh:${e.recordId}:${e.version}:${e.events.join(',')}`;

/** Writes an event in the caller's transaction: it is delivered only if that transaction commits. */
export async function recordEvent(tdb: TenantDb, e: EventEntry): Promise<void> {
  if (e.events.length) await enqueue(tdb, WEBHOOK_OUTBOX_KIND, e, eventKey(e));
}
