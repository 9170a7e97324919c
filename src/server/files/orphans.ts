import type { TenantDb } from '../tenancy/tenant-db.js';
import { deleteUnlinked } from './queries.js';
import { fileKeysIn } from './links.js';
import type { FileStore } from './store.js';

/** Files looked at per tenant per sweep; the rest wait for the next hour. */
const BATCH = 500;

/**
 * Removes uploads never attached to a saved record (no link) that are older than `before`: a form abandoned after
 * its files were uploaded. Keys a schedule's stored values hold are kept: its records are saved later.
 */
export async function removeOrphanFiles(tdb: TenantDb, store: FileStore, before: Date): Promise<number> {
  const rows = await tdb
    .selectFrom('files')
    .select('key')
    .where('created_on', '<', before.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('file_links').select('file_key').whereRef('file_links.file_key', '=', 'files.key'))),
    )
    .orderBy('created_on')
    .limit(BATCH)
    .execute();
  if (!rows.length) return 0;
  const scheduled = new Set(
    (await tdb.selectFrom('schedules').select('data').execute()).flatMap((s) => fileKeysIn(safeJson(s.data))),
  );
  let removed = 0;
  for (const { key } of rows) {
    if (scheduled.has(key) || !(await deleteUnlinked(tdb, key))) continue;
    await store.remove(tdb.tenantId, key);
    removed++;
  }
  return removed;
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}
