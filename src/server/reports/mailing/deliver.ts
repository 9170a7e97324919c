import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DialectName } from '../../db/database.js';
import { authUserOf } from '../../identity/user-info.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { enqueue } from '../../outbox/outbox.js';
import type { MailPayload } from '../../mail/mailer.js';
import { planFor } from '../service.js';
import { runPlan } from '../run.js';
import { csvStream, exportTable, xlsxStream } from '../export.js';
import { reportPng } from './chart.js';
import type { Recipients } from './schemas.js';
import type { ScheduleRow } from './service.js';

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(parts);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The addresses the mail goes to: active tenant users' addresses and the stored plain addresses, once each. */
async function addressesOf(tdb: TenantDb, r: Recipients): Promise<string[]> {
  const users = r.users.length
    ? await tdb.selectFrom('users').select(['email', 'status']).where('id', 'in', r.users).execute()
    : [];
  const all = [...users.filter((u) => u.status === 'active' && u.email).map((u) => u.email!), ...r.emails];
  return [...new Set(all.map((a) => a.trim().toLowerCase()))];
}

/** What one run built: the file and chart are only what the owner may see. */
export interface Built {
  rows: number;
  mail: Omit<MailPayload, 'to'>;
}

/**
 * Runs the report AS THE SCHEDULE'S OWNER (the access module decides rows and fields, as when they open it), builds
 * the file with the streamed export and the chart with ECharts on the server, and returns the mail to send.
 */
export async function buildMail(tdb: TenantDb, dialect: DialectName, s: ScheduleRow, now: Date): Promise<Built> {
  const owner = await tdb.selectFrom('users').selectAll().where('id', '=', s.owner_id).executeTakeFirst();
  if (!owner || owner.status !== 'active') throw new Error('The owner of this schedule is no longer an active user.');
  const user = authUserOf(owner, tdb.tenantId);
  const parameters = JSON.parse(s.parameters) as Record<string, string | number>;
  const { plan, title = 'Report', chart } = await planFor(tdb, dialect, user, { reportId: s.report_id, parameters });
  const { head, rows } = await exportTable(tdb, plan);
  let count = 0;
  async function* counted() {
    for await (const r of rows) {
      count++;
      yield r;
    }
  }
  let failed: unknown;
  const file = await collect(
    s.format === 'csv' ? csvStream(head, counted()) : xlsxStream(title, head, counted(), (e) => (failed = e)),
  );
  if (failed) throw failed;
  // Always a picture of what the viewer shows (a chart, the key figures or the table), beside the full file.
  const png = reportPng(await runPlan(tdb, plan), chart, title);
  const day = now.toISOString().slice(0, 10);
  const base = `${title.replace(/[^\w.-]+/g, '_').slice(0, 60)}-${day}`;
  const attachments: NonNullable<MailPayload['attachments']> = [
    {
      filename: `${base}.${s.format}`,
      contentType:
        s.format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: file.toString('base64'),
    },
  ];
  attachments.push({
    filename: `${base}.png`,
    contentType: 'image/png',
    content: png.toString('base64'),
    cid: 'chart@report',
  });
  const line = `${title} (${day}): ${count} rows, attached as ${s.format.toUpperCase()}.`;
  return {
    rows: count,
    mail: {
      subject: `${title} — ${day}`.replace(/[\r\n]+/g, ' '),
      text: line,
      html: `<p>${escapeHtml(line)}</p><p><img src="cid:chart@report" alt="${escapeHtml(title)}"></p>`,
      attachments,
    },
  };
}

/**
 * One run of a schedule for one due time: the run row (unique per schedule and time, so no time is mailed twice) and
 * one outbox mail per recipient commit together; a failure is logged on the run and shown on the schedule.
 */
export async function runSchedule(
  tdb: TenantDb,
  dialect: DialectName,
  s: ScheduleRow,
  slot: string,
  node: string,
  now: Date,
): Promise<boolean> {
  const started = Date.now();
  let built: Built | undefined;
  let error: string | null = null;
  let to: string[] = [];
  try {
    built = await buildMail(tdb, dialect, s, now);
    to = await addressesOf(tdb, JSON.parse(s.recipients) as Recipients);
    if (!to.length) throw new Error('None of the recipients has an e-mail address.');
  } catch (err) {
    error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  }
  return tdb.transaction(async (tx) => {
    const inserted = await tx
      .insertInto('report_schedule_runs', {
        id: crypto.randomUUID(),
        schedule_id: s.id,
        slot,
        node,
        started_on: new Date(started).toISOString(),
        duration_ms: Date.now() - started,
        row_count: built?.rows ?? 0,
        recipients: error ? 0 : to.length,
        error,
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'schedule_id', 'slot']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    if (built && !error)
      for (const address of to)
        await enqueue(tx, 'mail', { ...built.mail, to: address }, `report-mail:${s.id}:${slot}:${address}`);
    await tx.updateTable('report_schedules').set({ last_error: error }).where('id', '=', s.id).execute();
    return true;
  });
}
