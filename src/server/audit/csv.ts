import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuditFilters } from './schemas.js';
import { settleInbox } from './chain.js';
import { actorNames, after, filtered, searched, toRow } from './service.js';

const HEAD = [
  'id',
  'at',
  'actor',
  'actor id',
  'action',
  'target type',
  'target id',
  'target',
  'details',
  'ip',
  'user agent',
];

/** One CSV cell: formula-looking text is defused (a leading quote), then quoted when it must be. */
export function csvCell(v: unknown): string {
  let s = v == null ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The filtered trail as CSV, newest first, read in keyset batches so memory stays flat however long it is. */
export async function* auditCsv(tdb: TenantDb, f: AuditFilters): AsyncGenerator<string> {
  yield line(HEAD);
  await settleInbox(tdb);
  const q = searched(await filtered(tdb, f), f.search);
  let cursor: string | undefined;
  for (;;) {
    const rows = await after(q, cursor).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(1000).execute();
    const names = await actorNames(tdb, rows);
    let chunk = '';
    for (const s of rows) {
      const r = toRow(s, names);
      chunk += line([
        r.id,
        r.at,
        r.actorName,
        r.actorId,
        r.action,
        r.targetType,
        r.targetId,
        r.targetLabel,
        r.details,
        r.ip,
        r.userAgent,
      ]);
    }
    if (chunk) yield chunk;
    if (rows.length < 1000) return;
    const last = rows[rows.length - 1]!;
    cursor = `${last.at}|${last.id}`;
  }
}
