import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import type { AuditEventsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { withoutNotingChanges } from '../db/change-count.js';

type Row = Selectable<AuditEventsTable>;

/** The fields a hash covers, in a fixed order and with ids as text, so both databases hash alike. */
export function canonical(r: Row, sealSeq: number): string {
  const o: Record<string, unknown> = {
    action: r.action,
    actor_id: r.actor_id,
    actor_name: r.actor_name,
    at: r.at,
    details: r.details,
    id: String(r.id),
    ip: r.ip,
    seal_seq: sealSeq,
    target_id: r.target_id,
    target_label: r.target_label,
    target_type: r.target_type,
    tenant_id: r.tenant_id,
    user_agent: r.user_agent,
  };
  return JSON.stringify(o);
}

export const hashOf = (prevHash: string, r: Row, sealSeq: number) =>
  crypto.createHash('sha256').update(prevHash).update(canonical(r, sealSeq)).digest('hex');

const BATCH = 500;

async function lastSealed(tx: TenantDb) {
  return tx
    .selectFrom('audit_seals')
    .select(['seal_seq', 'hash'])
    .orderBy('seal_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

interface Seal {
  entry_id: number | string;
  seal_seq: number;
  prev_hash: string;
  hash: string;
}

/**
 * Writes a batch's links: the entries leave the queue first (their rows locked, so a concurrent sealer waits and then
 * finds them gone), then the links are inserted. Nothing in audit_events is touched.
 */
async function writeSeals(tx: TenantDb, seals: Seal[]): Promise<void> {
  const gone = await tx
    .deleteFrom('audit_pending')
    .where(
      'entry_id',
      'in',
      seals.map((s) => s.entry_id),
    )
    .executeTakeFirst();
  // Another sealer took some of these entries meanwhile: roll back rather than leave a gap in the chain.
  if (Number(gone.numDeletedRows) !== seals.length) throw new Error('audit entries were sealed concurrently');
  await tx.insertInto('audit_seals', seals).execute();
}

/** Chains the tenant's new entries: any queued before migration 0134, then the inbox, in batches. */
export async function sealTenant(tdb: TenantDb): Promise<number> {
  return (await sealQueued(tdb)) + (await moveAll(tdb));
}

/** Moves the tenant's whole inbox into the trail, a batch at a time; answers how many entries it moved. */
async function moveAll(tdb: TenantDb): Promise<number> {
  let total = 0;
  for (let n = BATCH; n === BATCH; total += n) n = await moveInbox(tdb);
  return total;
}

/**
 * Chains the tenant's queued entries in id order after the last sealed one. The chain's order is the sealing order,
 * so an entry whose transaction committed late still joins the end. Two sealers racing lose on the queue or on the
 * chain's primary key (tenant, seal_seq), never fork.
 */
async function sealQueued(tdb: TenantDb): Promise<number> {
  let total = 0;
  for (;;) {
    // A read first: a sweep over idle tenants opens no transaction, and so moves no change count (which would drop
    // every answer the server keeps for reuse, db/result-cache.ts, on each sweep).
    if (!(await tdb.selectFrom('audit_pending').select('entry_id').limit(1).executeTakeFirst())) return total;
    const n = await tdb.transaction(async (tx) => {
      const last = await lastSealed(tx);
      const rows = await tx
        .selectFrom('audit_pending')
        .innerJoin('audit_events', 'audit_events.id', 'audit_pending.entry_id')
        .selectAll('audit_events')
        .orderBy('audit_pending.entry_id')
        .limit(BATCH)
        .execute();
      let seq = Number(last?.seal_seq ?? 0);
      let prev = last?.hash ?? '';
      const seals: Seal[] = [];
      for (const r of rows) {
        seq += 1;
        const hash = hashOf(prev, r, seq);
        seals.push({ entry_id: r.id, seal_seq: seq, prev_hash: prev, hash });
        prev = hash;
      }
      if (seals.length) await writeSeals(tx, seals);
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Moves the tenant's inbox into the trail before the trail is read, so a list or export shows every entry written so
 * far. Only the audit tables change, which no kept answer reads.
 */
export async function settleInbox(tdb: TenantDb): Promise<void> {
  await withoutNotingChanges(() => moveAll(tdb));
}

/**
 * Moves a batch of the tenant's inbox into the trail and seals it in the same transaction (migration 0134). The
 * insert answers each entry with the id it got, so each link hashes its own entry's content. On PostgreSQL the batch
 * is locked first: a racing sealer waits, then finds those entries gone and chains after them.
 */
async function moveInbox(tdb: TenantDb): Promise<number> {
  if (!(await tdb.selectFrom('audit_inbox').select('id').limit(1).executeTakeFirst())) return 0;
  return tdb.transaction(async (tx) => {
    const batch = tx.selectFrom('audit_inbox').selectAll().orderBy('id').limit(BATCH);
    const inbox = await (tx.dialect === 'postgres' ? batch.forUpdate() : batch).execute();
    if (!inbox.length) return 0;
    const entries = inbox.map(({ id: _id, tenant_id: _t, ...e }) => e);
    const moved = await tx.insertInto('audit_events', entries).returningAll().execute();
    moved.sort((x, y) => Number(x.id) - Number(y.id));
    const last = await lastSealed(tx);
    let seq = Number(last?.seal_seq ?? 0);
    let prev = last?.hash ?? '';
    const seals = moved.map((e) => {
      seq += 1;
      const hash = hashOf(prev, e, seq);
      const link = { entry_id: e.id, seal_seq: seq, prev_hash: prev, hash };
      prev = hash;
      return link;
    });
    await tx.insertInto('audit_seals', seals).execute();
    // Exactly the moved entries (on PostgreSQL one with a lower id may commit meanwhile); the inbox's delete trigger
    // refuses any the trail does not hold.
    await tx
      .deleteFrom('audit_inbox')
      .where(
        'id',
        'in',
        inbox.map((r) => r.id),
      )
      .execute();
    return inbox.length;
  });
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  unsealed: number;
  /** The first entry whose link does not hold, and why. */
  broken?: { id: string; sealSeq: number; reason: string };
}

const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) =>
  Number((await q.executeTakeFirstOrThrow()).n);

/**
 * Recomputes the tenant's chain from its first link and reports the first broken one: a link out of sequence, a link
 * that does not follow the one before, an entry whose content no longer matches its hash or that is gone, and
 * entries that are neither in the chain nor waiting to join it.
 */
export async function verifyTenant(tdb: TenantDb): Promise<VerifyResult> {
  let expectSeq = 1;
  let prev = '';
  let checked = 0;
  for (;;) {
    const rows = await tdb
      .selectFrom('audit_seals')
      .leftJoin('audit_events', 'audit_events.id', 'audit_seals.entry_id')
      .selectAll('audit_events')
      .select(['audit_seals.seal_seq', 'audit_seals.entry_id', 'audit_seals.prev_hash', 'audit_seals.hash'])
      .where('audit_seals.seal_seq', '>=', expectSeq)
      .orderBy('audit_seals.seal_seq')
      .limit(BATCH)
      .execute();
    for (const r of rows) {
      const seq = Number(r.seal_seq);
      const at = (reason: string): VerifyResult => ({
        ok: false,
        checked,
        unsealed: 0,
        broken: { id: String(r.entry_id), sealSeq: seq, reason },
      });
      if (seq !== expectSeq) return at(`entry ${expectSeq} of the chain is missing`);
      if (r.prev_hash !== prev) return at('its link to the previous entry does not match');
      if (r.id == null) return at('the entry is gone');
      if (r.hash !== hashOf(prev, r as Row, seq)) return at('its content does not match its hash');
      prev = r.hash;
      expectSeq += 1;
      checked += 1;
    }
    if (rows.length < BATCH) break;
  }
  const queued = await count(tdb.selectFrom('audit_pending').select((eb) => eb.fn.countAll<number | string>().as('n')));
  // Entries still in the inbox are not in audit_events yet (migration 0134).
  const arriving = await count(tdb.selectFrom('audit_inbox').select((eb) => eb.fn.countAll<number | string>().as('n')));
  const unsealed = queued + arriving;
  const entries = await count(tdb.selectFrom('audit_events').select((eb) => eb.fn.countAll<number | string>().as('n')));
  if (entries !== checked + queued) {
    // Someone took an entry off the queue without sealing it: name the first such entry.
    const lost = await tdb
      .selectFrom('audit_events')
      .select('audit_events.id')
      .where((eb) =>
        eb.and([
          eb.not(
            eb.exists(eb.selectFrom('audit_seals').select('entry_id').whereRef('entry_id', '=', 'audit_events.id')),
          ),
          eb.not(
            eb.exists(eb.selectFrom('audit_pending').select('entry_id').whereRef('entry_id', '=', 'audit_events.id')),
          ),
        ]),
      )
      .orderBy('audit_events.id')
      .limit(1)
      .executeTakeFirst();
    return {
      ok: false,
      checked,
      unsealed,
      broken: {
        id: String(lost?.id ?? ''),
        sealSeq: 0,
        reason: 'the entry is neither in the chain nor waiting to join it',
      },
    };
  }
  return { ok: true, checked, unsealed };
}
