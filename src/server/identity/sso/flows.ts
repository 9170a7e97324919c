import crypto from 'node:crypto';
import type { SsoFlowsTable } from '../../db/schema.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';

export type FlowKind = SsoFlowsTable['kind'];
/** How long a started sign-in may take at the identity provider. */
export const FLOW_TTL_MS = 10 * 60_000;

/**
 * Only same-site relative paths: `/x`, never `//x`, `/\x`, `http:` or anything with control characters.
 * Returns undefined for anything else so callers can refuse it.
 */
export function checkReturnUrl(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return '/';
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (!value.startsWith('/') || /^\/[/\\]/.test(value) || /[\u0000-\u001f\\]/.test(value)) return undefined;
  const parsed = new URL(value, 'http://same.site');
  if (parsed.host !== 'same.site') return undefined;
  return value;
}

export async function startFlow(
  tdb: TenantDb,
  kind: FlowKind,
  key: string,
  data: Record<string, unknown>,
  ttlMs = FLOW_TTL_MS,
) {
  const now = Date.now();
  await tdb
    .insertInto('sso_flows', {
      id: crypto.randomUUID(),
      kind,
      flow_key: key,
      data: JSON.stringify(data),
      expires_on: new Date(now + ttlMs).toISOString(),
      used_on: null,
      created_on: new Date(now).toISOString(),
    })
    .execute();
}

/** A live flow's data, without using it up. */
export async function peekFlow(
  tdb: TenantDb,
  kind: FlowKind,
  key: string,
): Promise<Record<string, unknown> | undefined> {
  const row = await tdb
    .selectFrom('sso_flows')
    .selectAll()
    .where('kind', '=', kind)
    .where('flow_key', '=', key)
    .executeTakeFirst();
  if (!row || row.used_on || row.expires_on < new Date().toISOString()) return undefined;
  return JSON.parse(row.data) as Record<string, unknown>;
}

/** Uses a flow up; only one caller ever gets its data (a replayed state or InResponseTo gets undefined). */
export async function consumeFlow(
  tdb: TenantDb,
  kind: FlowKind,
  key: string,
): Promise<Record<string, unknown> | undefined> {
  const data = await peekFlow(tdb, kind, key);
  if (!data) return undefined;
  const r = await tdb
    .updateTable('sso_flows')
    .set({ used_on: new Date().toISOString() })
    .where('kind', '=', kind)
    .where('flow_key', '=', key)
    .where('used_on', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? data : undefined;
}

/** Remembers an assertion id until it expires; false when it was seen before (a replay). */
export async function firstSighting(tdb: TenantDb, assertionId: string, keepUntil: Date): Promise<boolean> {
  if (
    await tdb
      .selectFrom('sso_flows')
      .select('id')
      .where('kind', '=', 'saml-assertion')
      .where('flow_key', '=', assertionId)
      .executeTakeFirst()
  )
    return false;
  try {
    await startFlow(tdb, 'saml-assertion', assertionId, {}, Math.max(keepUntil.getTime() - Date.now(), FLOW_TTL_MS));
    return true;
  } catch {
    return false; // the unique key lost a race with the same assertion
  }
}

/** Drops flows that ended long ago, so the table stays small. */
export async function sweepFlows(tdb: TenantDb): Promise<void> {
  await tdb
    .deleteFrom('sso_flows')
    .where('expires_on', '<', new Date(Date.now() - 86_400_000).toISOString())
    .execute();
}
