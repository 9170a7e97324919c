import crypto from 'node:crypto';
import net from 'node:net';
import { openSecret, sealSecret } from '../crypto/secrets.js';
import { isPublicAddress } from '../egress/addresses.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { nameRuleProblems } from '../../../runtime/text-rules.js';
import type { ListBody, LogBody, ReplayBody, SaveWebhookBody, Webhook } from './schemas.js';
import { newSecret, secretProblem } from './sign.js';
import { audit } from '../audit/trail.js';
import { recordChanges } from '../audit/diff.js';

let sealKey: Buffer | null = null;
/** The key webhook secrets are sealed with (from SECRET_KEY), set when the feature starts. */
export function setWebhookKey(key: Buffer): void {
  sealKey = key;
}
function key(): Buffer {
  if (!sealKey) throw new Error('webhooks used before their key was set');
  return sealKey;
}
/** A sealed secret opens only for its own tenant and webhook. */
const context = (tenantId: string, id: string) => `webhooks.secret:${tenantId}:${id}`;
export const openWebhookSecret = (tenantId: string, id: string, sealed: string) =>
  openSecret(sealed, key(), context(tenantId, id));

const COLUMNS = [
  'id',
  'name',
  'url',
  'events',
  'module_ids',
  'secret',
  'active',
  'owner_id',
  'failing_since',
  'disabled_reason',
  'version',
  'modified_on',
] as const;
type Row = {
  id: string;
  name: string;
  url: string;
  events: string;
  module_ids: string;
  secret: string;
  active: number;
  owner_id: string;
  failing_since: string | null;
  disabled_reason: string | null;
  version: number;
  modified_on: string;
};

const rowById = (tdb: TenantDb, id: string) =>
  tdb
    .selectFrom('webhooks')
    .select([...COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();

/** Rows as the browser sees them: the secret only as "has one", with the owner's name and the delivery counts. */
async function views(tdb: TenantDb, rows: Row[]): Promise<Webhook[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const counts = await tdb
    .selectFrom('webhook_deliveries')
    .select(['webhook_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('webhook_id', 'in', ids)
    .where('status', 'in', ['pending', 'failed'])
    .groupBy(['webhook_id', 'status'])
    .execute();
  const owners = await tdb
    .selectFrom('users')
    .select(['id', 'fullname', 'username'])
    .where(
      'id',
      'in',
      rows.map((r) => r.owner_id),
    )
    .execute();
  const count = (id: string, status: string) =>
    Number(counts.find((c) => c.webhook_id === id && c.status === status)?.n ?? 0);
  return rows.map((r) => {
    const o = owners.find((u) => u.id === r.owner_id);
    return {
      id: r.id,
      name: r.name,
      url: r.url,
      events: JSON.parse(r.events) as string[],
      moduleIds: JSON.parse(r.module_ids) as string[],
      hasSecret: r.secret !== '',
      active: r.active === 1,
      ownerId: r.owner_id,
      ownerName: o ? o.fullname || o.username : '',
      failingSince: r.failing_since,
      disabledReason: r.disabled_reason,
      pending: count(r.id, 'pending'),
      failed: count(r.id, 'failed'),
      version: Number(r.version),
      modified_on: r.modified_on,
    };
  });
}

export async function webhookById(tdb: TenantDb, id: string): Promise<Webhook> {
  const r = await rowById(tdb, id);
  if (!r) throw notFound('Webhook not found');
  return (await views(tdb, [r]))[0]!;
}

/**
 * The target address: http(s) with a host. A literal private address is refused here already (unless the tenant
 * allows private targets); names are checked where it counts, at each delivery by the egress module.
 */
function checkedUrl(raw: string, allowPrivate: boolean): string {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    throw badRequest('URL: enter a full address such as https://example.com/hooks');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw badRequest('URL: only http and https addresses');
  if (u.username || u.password) throw badRequest('URL: put credentials in the secret, not in the address');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host) ? host : /^localhost\.?$/i.test(host) ? '127.0.0.1' : null;
  if (literal && !allowPrivate && !isPublicAddress(literal))
    throw badRequest(
      `Calls to ${u.hostname} are not allowed: it is a private, loopback or link-local address. An administrator can allow private network targets for this organisation.`,
    );
  return u.toString();
}

async function checkedApps(tdb: TenantDb, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = await tdb.selectFrom('modules').select('id').where('id', 'in', unique).execute();
  const missing = unique.find((id) => !found.some((f) => f.id === id));
  if (missing) throw badRequest(`App '${missing}' does not exist`);
  return unique;
}

function checkedName(raw: string) {
  const name = raw.trim();
  if (!name) throw badRequest('Name is required');
  const problem = nameRuleProblems(raw, 64)[0];
  if (problem) throw badRequest(`Name: ${problem}`);
  return name;
}

/**
 * Creates a webhook (its owner: the caller, whose view of records its payloads carry), or changes one at the version
 * read. Turning a webhook back on clears its failing streak.
 */
export async function saveWebhook(
  tdb: TenantDb,
  user: AuthUser,
  b: SaveWebhookBody,
  allowPrivate: boolean,
): Promise<Webhook> {
  const name = checkedName(b.name);
  const url = checkedUrl(b.url, allowPrivate);
  if (typeof b.secret === 'string' && b.secret !== '') {
    const problem = secretProblem(b.secret);
    if (problem) throw badRequest(problem);
  }
  return tdb.transaction(async (tx) => {
    const apps = JSON.stringify(await checkedApps(tx, b.moduleIds ?? []));
    const clash = await tx.selectFrom('webhooks').select('id').where('name', '=', name).executeTakeFirst();
    if (clash && clash.id !== b.id) throw badRequest(`A webhook named '${name}' already exists`);
    const now = new Date().toISOString();
    const current = b.id ? await rowById(tx, b.id) : undefined;
    if (b.id && !current) throw notFound('Webhook not found');
    const id = current?.id ?? crypto.randomUUID();
    // The plain secret goes back once, in this answer, when this save set or made it.
    let shown: string | undefined;
    let sealed = current?.secret ?? '';
    if (b.newSecret || (!current && b.secret === undefined) || b.secret === '') shown = newSecret();
    else if (typeof b.secret === 'string') shown = b.secret;
    if (shown !== undefined) sealed = sealSecret(shown, key(), context(tx.tenantId, id));
    if (b.secret === null && !b.newSecret) sealed = '';
    const active = b.active ?? (current ? current.active === 1 : true);
    const set = {
      name,
      url,
      events: JSON.stringify(b.events),
      module_ids: apps,
      secret: sealed,
      active: active ? 1 : 0,
      modified_on: now,
    };
    if (!current) {
      await tx
        .insertInto('webhooks', {
          id,
          ...set,
          owner_id: user.id,
          failing_since: null,
          disabled_reason: null,
          version: 1,
          created_on: now,
        })
        .execute();
      await tx
        .insertInto('webhook_tenants', {})
        .onConflict((oc) => oc.column('tenant_id').doNothing())
        .execute();
    } else {
      const version = b.version ?? Number(current.version);
      const revived = set.active === 1 && current.active === 0;
      const r = await tx
        .updateTable('webhooks')
        .set({
          ...set,
          version: version + 1,
          ...(revived ? { failing_since: null, disabled_reason: null } : {}),
        })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows))
        throw conflict('This webhook was changed by someone else just now. Reload to see it.');
    }
    await audit(tx, { action: current ? 'webhook.update' : 'webhook.create', actorId: user.id, targetType: 'webhook', targetId: id, targetLabel: name, details: { changes: recordChanges(undefined, current && { name: current.name, url: current.url, events: current.events, module_ids: current.module_ids, active: current.active }, { name, url, events: set.events, module_ids: apps, active: set.active }) } });
    const saved = await webhookById(tx, id);
    return shown === undefined ? saved : { ...saved, secret: shown };
  });
}

const searchOf = (b: { search?: ListBody['search'] }) =>
  (typeof b.search === 'string' ? b.search : (b.search?.value ?? '')).trim().toLowerCase();

/** The webhooks by name, a page at a time; a search matches the name or the address. */
export async function listWebhooks(tdb: TenantDb, b: ListBody) {
  const search = searchOf(b);
  const rows = (
    await tdb
      .selectFrom('webhooks')
      .select([...COLUMNS])
      .limit(5000)
      .execute()
  )
    .filter((r) => !search || `${r.name}\n${r.url}`.toLowerCase().includes(search))
    .sort((a, c) => a.name.localeCompare(c.name, 'en', { sensitivity: 'base' }));
  const length = b.length ?? 50;
  const page = b.page ?? 1;
  return {
    data: await views(tdb, rows.slice((page - 1) * length, page * length)),
    recordsTotal: rows.length,
    recordsFiltered: rows.length,
    page,
    length,
  };
}

/** A webhook goes with its deliveries and their attempts. */
export async function deleteWebhooks(tdb: TenantDb, ids: string[]) {
  return tdb.transaction(async (tx) => {
    await tx.deleteFrom('webhook_attempts').where('webhook_id', 'in', ids).execute();
    await tx.deleteFrom('webhook_deliveries').where('webhook_id', 'in', ids).execute();
    const r = await tx.deleteFrom('webhooks').where('id', 'in', ids).executeTakeFirst();
    const deleted = Number(r.numDeletedRows);
    if (!deleted) throw notFound('Webhook not found');
    for (const id of ids) await audit(tx, { action: 'webhook.delete', targetType: 'webhook', targetId: id });
    return { deleted };
  });
}

/** executionlog: a webhook's attempts, newest first, each with its delivery's event and where it stands now. */
export async function executionLog(tdb: TenantDb, b: LogBody) {
  await webhookById(tdb, b.webhookId);
  const length = b.length ?? 50;
  const page = b.page ?? 1;
  let q = tdb.selectFrom('webhook_attempts').where('webhook_id', '=', b.webhookId);
  if (b.outcome) q = q.where('outcome', '=', b.outcome);
  const rows = await q
    .select([
      'id',
      'delivery_id',
      'attempt',
      'outcome',
      'status_code',
      'duration_ms',
      'response_excerpt',
      'error',
      'created_on',
    ])
    .orderBy('created_on', 'desc')
    .orderBy('id')
    .limit(length)
    .offset((page - 1) * length)
    .execute();
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const deliveries = rows.length
    ? await tdb
        .selectFrom('webhook_deliveries')
        .select(['id', 'event', 'record_id', 'status'])
        .where('id', 'in', [...new Set(rows.map((r) => r.delivery_id))])
        .execute()
    : [];
  return {
    data: rows.map((r) => {
      const d = deliveries.find((x) => x.id === r.delivery_id);
      return {
        id: r.id,
        deliveryId: r.delivery_id,
        event: d?.event ?? '',
        recordId: d?.record_id ?? null,
        attempt: Number(r.attempt),
        outcome: r.outcome,
        statusCode: r.status_code == null ? null : Number(r.status_code),
        durationMs: Number(r.duration_ms),
        responseExcerpt: r.response_excerpt,
        error: r.error,
        deliveryStatus: d?.status ?? 'pending',
        created_on: r.created_on,
      };
    }),
    recordsTotal: Number(total.n),
    recordsFiltered: Number(total.n),
    page,
    length,
  };
}

/**
 * Sends deliveries again, now: one (whatever its state), or every given-up delivery of a webhook since a time. A
 * replayed delivery keeps its webhook-id, so a receiver that has it already can tell.
 */
export async function replay(tdb: TenantDb, b: ReplayBody) {
  const now = new Date().toISOString();
  const again = { status: 'pending' as const, next_attempt_at: now, lease_until: null };
  if ('deliveryId' in b) {
    const d = await tdb
      .selectFrom('webhook_deliveries')
      .select(['id', 'status'])
      .where('id', '=', b.deliveryId)
      .executeTakeFirst();
    if (!d) throw notFound('Delivery not found');
    // The replay is one more attempt beyond the schedule: if it fails, the delivery is given up again.
    await tdb.updateTable('webhook_deliveries').set(again).where('id', '=', d.id).execute();
    return { replayed: 1 };
  }
  await webhookById(tdb, b.webhookId);
  const since = new Date(b.since);
  if (Number.isNaN(since.getTime())) throw badRequest('since: give a date and time');
  const r = await tdb
    .updateTable('webhook_deliveries')
    .set(again)
    .where('webhook_id', '=', b.webhookId)
    .where('status', '=', 'failed')
    .where('created_on', '>=', since.toISOString())
    .executeTakeFirst();
  return { replayed: Number(r.numUpdatedRows) };
}
