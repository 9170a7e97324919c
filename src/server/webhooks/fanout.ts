import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { RecordsTable } from '../db/schema.js';
import type { OutboxHandler } from '../outbox/worker.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { authUserOf, type AuthUser } from '../identity/user-info.js';
import { isAdmin, mayViewRecord, redactRecord, resolvePermissions } from '../access/index.js';
import { loadVersion } from '../records/store.js';
import { processStatus } from '../engine/status.js';
import { COMPLETE_STEP, START_STEP } from '../../../schemas/workflow-definition.js';
import type { EventEntry } from './events.js';
import type { WebhookEvent } from './event-names.js';

type RecordRow = Selectable<RecordsTable>;

/** A webhook listens to an event when it names the event and the app (no apps named: every app). */
export function listensTo(h: { events: string; module_ids: string }, event: WebhookEvent, moduleId: string): boolean {
  const events = JSON.parse(h.events) as string[];
  const apps = JSON.parse(h.module_ids) as string[];
  return events.includes(event) && (!apps.length || apps.includes(moduleId));
}

/** The step whose field rules a reader without a task sees the record under (as the record page does). */
const stepOf = (r: RecordRow) =>
  r.is_draft ? START_STEP : r.workflow_completed_on ? COMPLETE_STEP : (r.workflow_activity_id ?? START_STEP);

/**
 * The record as the webhook's owner may read it: nothing when they may not open it, and without the fields hidden
 * from them at the record's step. A deleted record is described by id and number only.
 */
export async function recordFor(
  tdb: TenantDb,
  owner: AuthUser,
  e: Pick<EventEntry, 'recordId' | 'gone'>,
  r: RecordRow | undefined,
) {
  if (e.gone) {
    const g = e.gone;
    const mine = g.createdBy === owner.id || (!g.isDraft && g.initiator === owner.id);
    if (!isAdmin(owner) && !mine) return undefined;
    return { id: e.recordId, sequenceNumber: g.sequence };
  }
  if (!r || !(await mayViewRecord(tdb, owner, r))) return undefined;
  const v = await loadVersion(tdb, r.module_id, r.module_version);
  const access = resolvePermissions(v.definition, v.workflow, stepOf(r), v.registry);
  return {
    id: r.id,
    sequenceNumber: r.sequence_number,
    version: r.version,
    status: processStatus(r).status,
    step: r.workflow_activity_name,
    createdBy: r.created_by,
    createdOn: r.created_on,
    modifiedOn: r.modified_on,
    fields: redactRecord(JSON.parse(r.data) as Record<string, unknown>, access),
  };
}

/**
 * The outbox handler of record events: one delivery per listening, active webhook, written in the claiming
 * transaction (so an event becomes deliveries exactly once), with the body fixed now, as its owner may see it.
 * Sending happens later, outside any transaction (dispatcher.ts).
 */
export function webhookFanout(): OutboxHandler {
  return async (raw, entry) => {
    const e = raw as unknown as EventEntry;
    const tdb = entry.tdb;
    const hooks = await tdb
      .selectFrom('webhooks')
      .select(['id', 'events', 'module_ids', 'owner_id'])
      .where('active', '=', 1)
      .execute();
    const wanted = hooks
      .map((h) => ({ h, events: e.events.filter((ev) => listensTo(h, ev, e.moduleId)) }))
      .filter((x) => x.events.length);
    if (!wanted.length) return 'delivered';
    const record = e.gone
      ? undefined
      : await tdb.selectFrom('records').selectAll().where('id', '=', e.recordId).executeTakeFirst();
    const mod = await tdb
      .selectFrom('modules')
      .select(['id', 'display_name'])
      .where('id', '=', e.moduleId)
      .executeTakeFirst();
    const rows = [];
    for (const { h, events } of wanted) {
      const u = await tdb.selectFrom('users').selectAll().where('id', '=', h.owner_id).executeTakeFirst();
      if (!u || u.status !== 'active') continue;
      const seen = await recordFor(tdb, authUserOf(u, tdb.tenantId), e, record);
      if (!seen) continue;
      for (const event of events) {
        const id = `msg_${crypto.randomUUID().replace(/-/g, '')}`;
        const body = {
          type: event,
          timestamp: e.at,
          data: { app: { id: e.moduleId, name: mod?.display_name ?? null }, actorId: e.actorId, record: seen },
        };
        rows.push({
          id,
          webhook_id: h.id,
          event_key: `${entry.key}:${event}`,
          event,
          record_id: e.recordId,
          payload: JSON.stringify(body),
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: e.at,
          lease_until: null,
          last_status: null,
          last_error: null,
          created_on: new Date().toISOString(),
          delivered_on: null,
        });
      }
    }
    if (rows.length)
      await tdb
        .insertInto('webhook_deliveries', rows)
        .onConflict((oc) => oc.columns(['tenant_id', 'event_key', 'webhook_id']).doNothing())
        .execute();
    return 'delivered';
  };
}
