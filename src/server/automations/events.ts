import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { OutboxHandler } from '../outbox/worker.js';
import type { EventEntry } from '../webhooks/events.js';
import type { Trigger } from './schemas.js';
import { wake } from './service.js';
import { RECORD_UPDATED, madeBy, mayStart, type UpdatedEntry } from './origin.js';

/** Whether an automation's trigger listens to this event of this app (record.updated: of one of its fields). */
export function listens(trigger: Trigger, event: string, moduleId: string, changed?: string[]): boolean {
  if (trigger.kind !== 'record' || trigger.moduleId !== moduleId) return false;
  if (!(trigger.events as string[]).includes(event)) return false;
  return event !== RECORD_UPDATED || !trigger.fields?.length || trigger.fields.some((f) => changed?.includes(f));
}

/**
 * The record events' second listener (beside webhooks): queues one row per active automation that listens, in the
 * transaction that hands the event out (a retried entry queues nothing twice), and wakes those automations once it
 * has committed; the scheduler then runs each queued event once (scheduler.ts).
 */
export function automationEventQueue(system: Kysely<DB>): OutboxHandler {
  return async (raw, entry) => {
    const e = raw as unknown as EventEntry & Partial<Pick<UpdatedEntry, 'changed' | 'origin'>>;
    if (e.gone) return 'delivered';
    const active = await entry.tdb
      .selectFrom('automations')
      .select(['id', 'trigger'])
      .where('active', '=', 1)
      .execute();
    const listening = active.filter((a) =>
      e.events.some((ev) => listens(JSON.parse(a.trigger) as Trigger, ev, e.moduleId, e.changed)),
    );
    if (!listening.length) return 'delivered';
    // An event without a chain of its own still carries the chain that created its record, if one did.
    const origin = e.origin ?? (await madeBy(entry.tdb, e.recordId));
    const rows = listening.flatMap((a) => {
      const trigger = JSON.parse(a.trigger) as Trigger;
      return e.events
        .filter((ev) => listens(trigger, ev, e.moduleId, e.changed) && mayStart(a.id, origin))
        .map((event) => ({
          id: crypto.randomUUID(),
          automation_id: a.id,
          record_id: e.recordId,
          module_id: e.moduleId,
          event,
          version: e.version,
          actor_id: e.actorId,
          created_on: e.at,
          origin: origin ? JSON.stringify(origin) : null,
        }));
    });
    if (!rows.length) return 'delivered';
    await entry.tdb
      .insertInto('automation_events', rows)
      .onConflict((oc) => oc.columns(['automation_id', 'record_id', 'version', 'event']).doNothing())
      .execute();
    const ids = [...new Set(rows.map((r) => r.automation_id))];
    entry.afterCommit(() => Promise.all(ids.map((id) => wake(system, entry.tenantId, id))));
    return 'delivered';
  };
}

/** Both listeners of record events, in one claiming transaction (each writes its rows at most once). */
export function bothListeners(a: OutboxHandler, b: OutboxHandler): OutboxHandler {
  return async (raw, entry) => {
    const first = await a(raw, entry);
    const second = await b(raw, entry);
    return first === 'kept' || second === 'kept' ? 'kept' : 'delivered';
  };
}
