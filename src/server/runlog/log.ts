import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { RunLogTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';

export type RunLogEntry = Omit<Insertable<RunLogTable>, 'id' | 'tenant_id' | 'created_on'> & { created_on?: string };

const EXCERPT = 2000;
const cut = (s: string | null | undefined) => (s == null ? null : s.length > EXCERPT ? `${s.slice(0, EXCERPT)}…` : s);

/** Writes entries of the run log (requests come here with credentials already masked). */
export async function writeRunLog(tdb: TenantDb, entries: RunLogEntry[]): Promise<void> {
  if (!entries.length) return;
  const now = new Date().toISOString();
  for (let i = 0; i < entries.length; i += 100)
    await tdb
      .insertInto(
        'run_log',
        entries.slice(i, i + 100).map((e) => ({
          ...e,
          id: crypto.randomUUID(),
          url: e.url.slice(0, 2000),
          request: cut(e.request),
          response: cut(e.response),
          error: cut(e.error),
          created_on: e.created_on ?? now,
        })),
      )
      .execute();
}
