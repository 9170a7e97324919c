import type { Insertable } from 'kysely';
import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../schemas/workflow-definition.js';
import { changeCount } from '../db/change-count.js';
import type { UniPassagesTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { allHelp, helpWords } from './help.js';
import { terms } from './terms.js';

type Row = Omit<Insertable<UniPassagesTable>, 'tenant_id' | 'id'>;
type Kind = 'apps' | 'reports' | 'records' | 'help';

const MAX_TEXT = 2000;
/** Rows per insert (11 values each): well under the bound-parameter limits of SQLite (32,766) and PostgreSQL. */
const CHUNK = 1000;

function parse<T>(text: string | null | undefined): T | undefined {
  try {
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** The text a stored value reads as; objects and lists of plain values are flattened, anything else skipped. */
export function valueText(v: unknown): string {
  if (typeof v === 'string') return v.slice(0, MAX_TEXT);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(valueText).filter(Boolean).join(', ').slice(0, MAX_TEXT);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return valueText(o.label ?? o.name ?? o.text ?? o.value ?? '');
  }
  return '';
}

export function fieldLabels(def: ModuleDefinition | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const g of def?.fieldGroups ?? [])
    for (const row of g.rows ?? []) for (const f of row.fields ?? []) out.set(f.name, f.label || f.name);
  return out;
}

type Text = Omit<Row, 'title_words' | 'body_words'>;

/** The words the full-text indexes match; a record's title (app and field name) would match every record of the app. */
function withWords(r: Text): Row {
  return {
    ...r,
    title_words: r.source === 'record' ? '' : terms(r.title).join(' '),
    body_words: terms(r.body).join(' '),
  };
}

async function insertRows(tdb: TenantDb, rows: Row[]) {
  for (let i = 0; i < rows.length; i += CHUNK) await tdb.insertInto('uni_passages', rows.slice(i, i + CHUNK)).execute();
}

/** The product help of every language, reloaded when the articles changed (a new release). */
async function indexHelp(tdb: TenantDb): Promise<void> {
  const { version, articles } = allHelp();
  if ((await watermark(tdb, 'help')) === version) return;
  await tdb.transaction(async (tx) => {
    await tx.deleteFrom('uni_passages').where('source', '=', 'help').execute();
    const rows = articles.map((a): Row => {
      const w = helpWords(a);
      const link = `/help/${a.slug}`;
      const text = { source: 'help' as const, ref_id: a.slug, module_id: '', field: a.lang, link };
      return { ...text, title: a.title, body: a.body, title_words: w.title.join(' '), body_words: w.body.join(' ') };
    });
    await insertRows(tx, rows);
    await setWatermark(tx, 'help', version);
  });
}

async function published(tdb: TenantDb, moduleId: string, version: number | null) {
  if (version === null) return undefined;
  return tdb
    .selectFrom('module_versions')
    .select(['definition', 'workflow'])
    .where('module_id', '=', moduleId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** The app's passages: its name, description and field labels, and its workflow's step names. */
export async function indexApp(tdb: TenantDb, moduleId: string): Promise<void> {
  await tdb
    .deleteFrom('uni_passages')
    .where('source', 'in', ['app', 'workflow'])
    .where('ref_id', '=', moduleId)
    .execute();
  const m = await tdb
    .selectFrom('modules')
    .select(['id', 'display_name', 'module_description', 'published_version', 'module_draft', 'workflow_draft'])
    .where('id', '=', moduleId)
    .where('deleted_on', 'is', null)
    .executeTakeFirst();
  if (!m) return;
  const v = await published(tdb, m.id, m.published_version);
  const def = parse<ModuleDefinition>(v?.definition ?? m.module_draft);
  const wf = parse<WorkflowDefinition>(v?.workflow ?? m.workflow_draft);
  const link = `/module/${m.id}`;
  const labels = [...fieldLabels(def).values()].join(', ');
  const rows: Text[] = [
    {
      source: 'app',
      ref_id: m.id,
      module_id: m.id,
      field: '',
      title: m.display_name,
      body: [m.module_description ?? '', labels].filter(Boolean).join('. ').slice(0, MAX_TEXT),
      link,
    },
  ];
  const steps = (wf?.activities ?? []).map((a) => a.displayName || a.name || '').filter(Boolean);
  if (steps.length)
    rows.push({
      source: 'workflow',
      ref_id: m.id,
      module_id: m.id,
      field: '',
      title: `${m.display_name}: workflow`,
      body: steps.join(', ').slice(0, MAX_TEXT),
      link,
    });
  await insertRows(tdb, rows.map(withWords));
}

/** A saved report's passage: name, folder and notes. */
export async function indexReport(tdb: TenantDb, reportId: string): Promise<void> {
  await tdb.deleteFrom('uni_passages').where('source', '=', 'report').where('ref_id', '=', reportId).execute();
  const r = await tdb
    .selectFrom('reports')
    .select(['id', 'name', 'folder', 'notes', 'module_id'])
    .where('id', '=', reportId)
    .executeTakeFirst();
  if (!r) return;
  await insertRows(tdb, [
    withWords({
      source: 'report',
      ref_id: r.id,
      module_id: r.module_id,
      field: '',
      title: r.name,
      body: [r.folder, r.notes].filter(Boolean).join('. ').slice(0, MAX_TEXT),
      link: `/report-viewer?id=${encodeURIComponent(r.id)}`,
    }),
  ]);
}

const labelCache = new Map<string, { name: string; labels: Map<string, string> }>();

async function appLabels(tdb: TenantDb, moduleId: string, version: number) {
  const key = `${tdb.tenantId}\u0000${moduleId}\u0000${version}`;
  const hit = labelCache.get(key);
  if (hit) return hit;
  const m = await tdb.selectFrom('modules').select('display_name').where('id', '=', moduleId).executeTakeFirst();
  const v = await published(tdb, moduleId, version);
  const out = { name: m?.display_name ?? '', labels: fieldLabels(parse<ModuleDefinition>(v?.definition)) };
  if (labelCache.size > 500) labelCache.clear();
  labelCache.set(key, out);
  return out;
}

type RecordRow = {
  id: string;
  module_id: string;
  module_version: number;
  data: string;
  sequence_number: number | null;
};

/** Passage rows of records: one per field with text, so the access filter can drop a field hidden at a step. */
async function recordRows(tdb: TenantDb, records: RecordRow[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const r of records) {
    const app = await appLabels(tdb, r.module_id, r.module_version);
    const data = parse<Record<string, unknown>>(r.data) ?? {};
    const name = `${app.name} #${r.sequence_number ?? r.id.slice(0, 8)}`;
    for (const [field, value] of Object.entries(data)) {
      const body = valueText(value).trim();
      if (!body || /^[0-9a-f-]{36}$/i.test(body)) continue;
      const row = withWords({
        source: 'record',
        ref_id: r.id,
        module_id: r.module_id,
        field,
        title: `${name} · ${app.labels.get(field) ?? field}`,
        body,
        link: `/item-editor/${r.module_id}/${r.id}`,
      });
      if (row.body_words) rows.push(row);
    }
  }
  return rows;
}

const RECORD_COLS = ['id', 'module_id', 'module_version', 'data', 'sequence_number', 'modified_on'] as const;

/** `fresh`: the index holds none of these records yet (a full rebuild), so there is nothing to delete first. */
async function indexRecords(tdb: TenantDb, records: RecordRow[], fresh = false) {
  if (!records.length) return;
  const ids = records.map((r) => r.id);
  for (let i = 0; i < (fresh ? 0 : ids.length); i += CHUNK)
    await tdb
      .deleteFrom('uni_passages')
      .where('source', '=', 'record')
      .where('ref_id', 'in', ids.slice(i, i + CHUNK))
      .execute();
  await insertRows(tdb, await recordRows(tdb, records));
}

/** One record's passages, afresh. */
export async function indexRecord(tdb: TenantDb, recordId: string): Promise<void> {
  const r = await tdb.selectFrom('records').select(RECORD_COLS).where('id', '=', recordId).executeTakeFirst();
  if (r) await indexRecords(tdb, [r]);
  else await tdb.deleteFrom('uni_passages').where('source', '=', 'record').where('ref_id', '=', recordId).execute();
}

async function watermark(tdb: TenantDb, kind: Kind): Promise<string> {
  const row = await tdb.selectFrom('uni_index_state').select('watermark').where('kind', '=', kind).executeTakeFirst();
  return row?.watermark ?? '';
}

async function setWatermark(tdb: TenantDb, kind: Kind, value: string) {
  const n = await tdb.updateTable('uni_index_state').set({ watermark: value }).where('kind', '=', kind).execute();
  if (!Number(n[0]?.numUpdatedRows)) await tdb.insertInto('uni_index_state', { kind, watermark: value }).execute();
}

/** Reads what changed since the watermarks (by modified_on) into the index; idempotent. */
async function catchUp(tdb: TenantDb, fresh = false): Promise<void> {
  await indexHelp(tdb);
  const apps = await tdb
    .selectFrom('modules')
    .select(['id', 'modified_on'])
    .where('modified_on', '>', await watermark(tdb, 'apps'))
    .orderBy('modified_on')
    .execute();
  for (const a of apps) await indexApp(tdb, a.id);
  if (apps.length) await setWatermark(tdb, 'apps', apps.at(-1)!.modified_on);
  const reports = await tdb
    .selectFrom('reports')
    .select(['id', 'modified_on'])
    .where('modified_on', '>', await watermark(tdb, 'reports'))
    .orderBy('modified_on')
    .execute();
  for (const r of reports) await indexReport(tdb, r.id);
  if (reports.length) await setWatermark(tdb, 'reports', reports.at(-1)!.modified_on);
  let from = await watermark(tdb, 'records');
  for (;;) {
    const batch = await tdb
      .selectFrom('records')
      .select(RECORD_COLS)
      .where('modified_on', '>', from)
      .orderBy('modified_on')
      .limit(2000)
      .execute();
    if (!batch.length) break;
    // A batch ends inside a run of equal timestamps: take the whole run so the next batch starts past it.
    const last = batch.at(-1)!.modified_on;
    const rest =
      batch.length === 2000
        ? await tdb.selectFrom('records').select(RECORD_COLS).where('modified_on', '=', last).execute()
        : [];
    const all = [...new Map([...batch, ...rest].map((r) => [r.id, r])).values()];
    await tdb.transaction((tx) => indexRecords(tx, all, fresh));
    await setWatermark(tdb, 'records', last);
    from = last;
    if (batch.length < 2000) break;
  }
}

/** The change count at which each tenant's index was last brought up to date. */
const syncedAt = new Map<string, number>();
const running = new Map<string, Promise<void>>();

/**
 * Brings the tenant's index up to date with what was written since (records saved, apps published, reports saved).
 * Costs nothing while the database has not changed since the last sync.
 */
export async function syncIndex(tdb: TenantDb): Promise<void> {
  const now = changeCount();
  if (syncedAt.get(tdb.tenantId) === now) return;
  const busy = running.get(tdb.tenantId);
  if (busy) return busy;
  const p = catchUp(tdb)
    .then(() => void syncedAt.set(tdb.tenantId, changeCount()))
    .finally(() => running.delete(tdb.tenantId));
  running.set(tdb.tenantId, p);
  return p;
}

/** Drops and rebuilds the tenant's whole index. */
export async function rebuildIndex(tdb: TenantDb): Promise<void> {
  await tdb.deleteFrom('uni_passages').execute();
  await tdb.deleteFrom('uni_index_state').execute();
  syncedAt.delete(tdb.tenantId);
  await catchUp(tdb, true);
  syncedAt.set(tdb.tenantId, changeCount());
}
