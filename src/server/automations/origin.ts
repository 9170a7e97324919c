import { enqueue } from '../outbox/outbox.js';
import { WEBHOOK_OUTBOX_KIND, eventKey, type EventEntry } from '../webhooks/events.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

/** The event an automation can hear beside the webhook ones: a record's values changed by a save. */
export const RECORD_UPDATED = 'record.updated';

/** How many automations may start one another through their writes before the chain stops. */
export const MAX_CHAIN = 5;

/**
 * Which automations' writes led to an event, oldest first: an automation never runs again for an event its own
 * chain made (no loops, A → A or A → B → A), and a chain stops at MAX_CHAIN.
 */
export interface EventOrigin {
  automations: string[];
}

/** A record.updated event on the record events' outbox (the path both webhooks and automations read). */
export interface UpdatedEntry extends Omit<EventEntry, 'events' | 'gone'> {
  /** The fields whose values changed. */
  changed: string[];
  origin?: EventOrigin;
}

/** Notes, in the creating transaction, that an automation chain made a record (migration 0128). */
export async function markMadeBy(tx: TenantDb, recordId: string, origin: EventOrigin): Promise<void> {
  await tx
    .insertInto('automation_made_records', {
      record_id: recordId,
      origin: JSON.stringify(origin),
      created_on: new Date().toISOString(),
    })
    .execute();
}

/** The chain that made a record, for its events that carry none (the engine's, a later save's). */
export async function madeBy(tdb: TenantDb, recordId: string): Promise<EventOrigin | undefined> {
  const row = await tdb
    .selectFrom('automation_made_records')
    .select('origin')
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.origin) as EventOrigin) : undefined;
}

/** Whether an event made by `origin` may start automation `id`. */
export const mayStart = (id: string, origin: EventOrigin | null | undefined) =>
  !origin || (!origin.automations.includes(id) && origin.automations.length < MAX_CHAIN);

/** The fields whose stored values differ between two versions of a record's data. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
}

const outboxRow = (e: UpdatedEntry) => {
  const payload = { ...e, events: [RECORD_UPDATED] };
  return { payload, key: eventKey(payload as unknown as EventEntry) };
};

/** Writes a record.updated event in the caller's transaction (nothing when no value changed). */
export async function recordUpdated(tdb: TenantDb, e: UpdatedEntry): Promise<void> {
  if (!e.changed.length) return;
  const { payload, key } = outboxRow(e);
  await enqueue(tdb, WEBHOOK_OUTBOX_KIND, payload, key);
}

/** The events of a batch of updates as one insert (a bulk update writes thousands). */
export async function recordsUpdated(tdb: TenantDb, list: UpdatedEntry[]): Promise<void> {
  const now = new Date().toISOString();
  const rows = list
    .filter((e) => e.changed.length)
    .map((e) => {
      const { payload, key } = outboxRow(e);
      return {
        kind: WEBHOOK_OUTBOX_KIND,
        idempotency_key: key,
        payload: JSON.stringify(payload),
        status: 'pending' as const,
        attempts: 0,
        available_at: now,
        last_error: null,
        created_on: now,
        delivered_on: null,
      };
    });
  if (!rows.length) return;
  await tdb
    .insertInto('outbox', rows)
    .onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing())
    .execute();
}
