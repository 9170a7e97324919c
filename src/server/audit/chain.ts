import crypto from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { AuditEventsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { param } from '../db/prepared-query.js';

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
    .selectFrom('audit_events')
    .select(['seal_seq', 'hash'])
    .where('seal_seq', 'is not', null)
    .orderBy('seal_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

interface Seal {
  id: number | string;
  seq: number;
  prev: string;
  hash: string;
}

/**
 * Writes a batch's links. PostgreSQL: one UPDATE … FROM the links as a table; row by row cost a round trip, a
 * statement and a trigger call each, which was most of what auditing cost approvals there. SQLite runs in process,
 * so a prepared update per row costs no round trip (and its planner would join a list of links row by row).
 */
async function writeSeals(tx: TenantDb, seals: Seal[]): Promise<void> {
  let done = 0;
  if (tx.dialect === 'postgres') {
    const links = sql`(select * from unnest(${seals.map((s) => String(s.id))}::bigint[], ${seals.map((s) => s.seq)}::bigint[],
      ${seals.map((s) => s.prev)}::text[], ${seals.map((s) => s.hash)}::text[]) as u(eid, seq, prev, link))`;
    const r = await tx
      .updateTable('audit_events')
      .from(links.as('v') as never)
      .set({ seal_seq: sql<number>`v.seq`, prev_hash: sql<string>`v.prev`, hash: sql<string>`v.link` })
      // The ids again as a list the planner looks up by key (a join alone may scan the tenant's trail).
      .where(
        'audit_events.id',
        'in',
        seals.map((s) => s.id),
      )
      .where(sql<boolean>`audit_events.id = v.eid and audit_events.hash is null`)
      .executeTakeFirst();
    done = Number(r.numUpdatedRows);
  } else {
    for (const s of seals) {
      const r = await tx.prepared(
        'audit.seal',
        (t) =>
          t
            .updateTable('audit_events')
            .set({ seal_seq: param('seq'), prev_hash: param('prev'), hash: param('hash') })
            .where('id', '=', param('id'))
            .where('hash', 'is', null),
        { ...s },
      );
      done += Number(r.numAffectedRows ?? 0);
    }
  }
  // Another sealer took some of these entries meanwhile: roll back rather than leave a gap in the chain.
  if (done !== seals.length) throw new Error('audit entries were sealed concurrently');
}

/**
 * Chains the tenant's unsealed entries in id order after the last sealed one: seal_seq, prev_hash and hash are set
 * once (the only update the database allows). The chain's order is the sealing order, so an entry whose transaction
 * committed late still joins the end. Two sealers racing lose on the unique (tenant, seal_seq) index, never fork.
 */
export async function sealTenant(tdb: TenantDb): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await tdb.transaction(async (tx) => {
      const last = await lastSealed(tx);
      const rows = await tx
        .selectFrom('audit_events')
        .selectAll()
        .where('hash', 'is', null)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      let seq = Number(last?.seal_seq ?? 0);
      let prev = last?.hash ?? '';
      const seals: Seal[] = [];
      for (const r of rows) {
        seq += 1;
        const hash = hashOf(prev, r, seq);
        seals.push({ id: r.id, seq, prev, hash });
        prev = hash;
      }
      if (seals.length) await writeSeals(tx, seals);
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  unsealed: number;
  /** The first entry whose link does not hold, and why. */
  broken?: { id: string; sealSeq: number; reason: string };
}

/** Recomputes the tenant's chain from its first entry and reports the first broken link. */
export async function verifyTenant(tdb: TenantDb): Promise<VerifyResult> {
  let expectSeq = 1;
  let prev = '';
  let checked = 0;
  for (;;) {
    const rows = await tdb
      .selectFrom('audit_events')
      .selectAll()
      // Spelled out so both databases read the partial chain index (sealed entries only, migration 0130).
      .where('seal_seq', 'is not', null)
      .where('seal_seq', '>=', expectSeq)
      .orderBy('seal_seq')
      .limit(BATCH)
      .execute();
    for (const r of rows) {
      const seq = Number(r.seal_seq);
      const at = (reason: string): VerifyResult => ({
        ok: false,
        checked,
        unsealed: 0,
        broken: { id: String(r.id), sealSeq: seq, reason },
      });
      if (seq !== expectSeq) return at(`entry ${expectSeq} of the chain is missing`);
      if ((r.prev_hash ?? '') !== prev) return at('its link to the previous entry does not match');
      if (r.hash !== hashOf(prev, r, seq)) return at('its content does not match its hash');
      prev = r.hash;
      expectSeq += 1;
      checked += 1;
    }
    if (rows.length < BATCH) break;
  }
  const unsealed = await tdb
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('hash', 'is', null)
    .executeTakeFirstOrThrow();
  return { ok: true, checked, unsealed: Number(unsealed.n) };
}
