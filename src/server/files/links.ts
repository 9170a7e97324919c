import type { TenantDb } from '../tenancy/tenant-db.js';
import { insertLinks, linksOfRecord, ownersOf } from './queries.js';
import { KEY_RE } from './store.js';

/** The key in a download link (`/api/form/AWSS3/GetFile?key=…`), alone or in HTML, for values that keep the link. */
const LINK_KEY = /\/GetFile\?(?:[^#"'<>\s]*&)?key=([A-Za-z0-9_-]{32})(?=[&#"'<>\s]|$)/g;
const MAX_DEPTH = 4;
/** Values are walked no further than this many keys per record write. */
const MAX_KEYS = 500;

/**
 * File keys a field value refers to: the key itself, a download link, an object with a `key` (an upload's
 * answer) or lists of those. Text that merely contains a key elsewhere refers to nothing.
 */
export function fileKeysIn(value: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown, depth: number) => {
    if (out.size >= MAX_KEYS) return;
    if (typeof v === 'string') {
      if (KEY_RE.test(v)) out.add(v);
      // Every link in the text: rich text holds its images as <img src="…/GetFile?key=…">.
      else for (const m of v.matchAll(LINK_KEY)) if (out.size < MAX_KEYS) out.add(m[1]!);
    } else if (v && typeof v === 'object' && depth < MAX_DEPTH) {
      for (const x of Array.isArray(v) ? v : Object.values(v)) walk(x, depth + 1);
    }
  };
  walk(value, 0);
  return [...out];
}

export interface RecordFiles {
  recordId: string;
  /** Who saved the record. Only files they uploaded are linked, or files already linked to this same record. */
  userId: string;
  /** The record's values as stored by this write. */
  data: Record<string, unknown>;
  /** The values before this write: fields that did not change are skipped, so most writes cost no query. */
  previous?: Record<string, unknown>;
  /** Only these fields (a record's fields of a file type), when the caller knows them; default every field. */
  fields?: string[];
}

/**
 * Records which record and field each file in the saved values belongs to: the capability a download by anyone but
 * the uploader is checked against. A key pasted from someone else's record links nothing, so it opens nothing.
 * Call inside the transaction that writes the record, after the record row exists. Returns the links added.
 */
export async function linkFilesOfRecord(tdb: TenantDb, w: RecordFiles): Promise<number> {
  const wanted: { field: string; key: string }[] = [];
  for (const field of w.fields ?? Object.keys(w.data)) {
    const value = w.data[field];
    if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') continue;
    if (w.previous && JSON.stringify(w.previous[field] ?? null) === JSON.stringify(value)) continue;
    for (const key of fileKeysIn(value)) if (wanted.length < MAX_KEYS) wanted.push({ field, key });
  }
  if (!wanted.length) return 0;
  const keys = [...new Set(wanted.map((x) => x.key))];
  const owners = await ownersOf(tdb, keys);
  const links = await linksOfRecord(tdb, w.recordId, keys);
  const linkable = new Set([
    ...owners.filter((f) => f.owner_id === w.userId).map((f) => f.key),
    ...links.map((l) => l.file_key),
  ]);
  const have = new Set(links.map((l) => `${l.file_key}\u0000${l.field}`));
  const now = new Date().toISOString();
  const rows = wanted
    .filter((x) => linkable.has(x.key) && !have.has(`${x.key}\u0000${x.field}`))
    .map((x) => ({ file_key: x.key, record_id: w.recordId, field: x.field, linked_by: w.userId, linked_on: now }));
  if (rows.length) await insertLinks(tdb, rows);
  return rows.length;
}
