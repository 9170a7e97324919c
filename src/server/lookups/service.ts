import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { mayActOnModule, parsePermission, teamsOf } from '../access/index.js';
import { badRequest, notFound } from '../http/errors.js';
import type { FieldIndexer } from '../entries/indexes.js';
import type { EgressLog } from '../egress/fetch.js';
import type { RemoteSettings } from '../../../runtime/remote-source.js';
import { callRemote } from './remote.js';
import { viewKind } from '../entries/columns.js';
import { credentialHeaders, credentialTls } from '../credentials/apply.js';
import { signOffer } from './offers.js';
import { liveModule } from '../records/queries.js';
import { formFieldFor } from '../records/form-field.js';
import { lookupDefaults, recordSourceOf, resolveFilters, type LookupSettings } from '../../../runtime/lookup-source.js';
import { labelText, lookupTarget, pickerOf, recordsByIds, searchRecords } from './records.js';
import { aggregateValues, idsOf } from '../../../runtime/aggregate.js';
import type {
  AggregateBody,
  LookupApp,
  LookupColumn,
  LookupPage,
  LookupTestBody,
  RecordLookupBody,
} from './schemas.js';

/** Published apps of the tenant the designer may view, by name: what a lookup field can point at. */
export async function lookupApps(tdb: TenantDb, user: AuthUser): Promise<LookupApp[]> {
  const rows = await tdb
    .selectFrom('modules')
    .select(['id', 'display_name', 'permission'])
    .where('deleted_on', 'is', null)
    .where('published_version', 'is not', null)
    .orderBy('display_name')
    .limit(1000)
    .execute();
  const teams = await teamsOf(tdb, user.id);
  return rows
    .filter((m) => mayActOnModule(user, parsePermission(m.permission), 'view', teams))
    .map((m) => ({ id: m.id, name: m.display_name }));
}

export async function lookupColumns(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<LookupColumn[]> {
  const t = await lookupTarget(tdb, user, moduleId);
  if (!t) throw notFound('App not found');
  return [...t.columns.values()]
    .filter((c) => c.field)
    .map((c) => ({ name: c.key, label: c.label, kind: viewKind(c.kind) }));
}

async function sourceOf(tdb: TenantDb, user: AuthUser, moduleId: string, field: string, recordId?: string) {
  const f = await formFieldFor(tdb, user, moduleId, field, recordId);
  const src = f?.manifest.recordSource?.(f.config as never);
  if (!src) throw badRequest(`'${field}' does not look up records.`);
  const target = await lookupTarget(tdb, user, src.moduleId);
  return { src, target };
}

const EMPTY: LookupPage = { items: [], nextCursor: null };

/** RecordModuleLookup: a page of the records the field offers this user now. */
export async function recordLookup(
  tdb: TenantDb,
  user: AuthUser,
  b: RecordLookupBody,
  indexer?: FieldIndexer,
): Promise<LookupPage> {
  const { src, target } = await sourceOf(tdb, user, b.moduleId, b.field, b.recordId);
  const filters = resolveFilters(src.filters, b.values ?? {}, await pickerOf(tdb, user));
  if (!target || !filters) return EMPTY;
  // Searches range over the label's own index, built once in the background (they work, slower, until then).
  if (target.columns.get(src.labelField)?.field) indexer?.ensureSearch(src.labelField);
  return searchRecords(tdb, user, target, src, filters, {
    search: (b.search ?? '').trim(),
    cursor: b.cursor,
    length: b.length ?? 20,
  });
}

/** recordModuleLookup2: one record the field offers, by id (without the form's values, so unfiltered by them). */
export async function recordLookupOne(
  tdb: TenantDb,
  user: AuthUser,
  q: { moduleId: string; field: string; id: string; recordId?: string },
) {
  const { src, target } = await sourceOf(tdb, user, q.moduleId, q.field, q.recordId);
  const fields = [src.labelField, ...src.columns, ...src.flow.map((f) => f.from)];
  const row = target ? (await recordsByIds(tdb, user, target, [q.id], fields, [])).get(q.id) : undefined;
  if (!row) throw notFound('Record not found');
  return { id: q.id, label: labelText(row[src.labelField]), values: row };
}

/** AggregateLookup: what the field sums up over the named records the user may see, as a save will store it. */
export async function aggregateLookup(tdb: TenantDb, user: AuthUser, b: AggregateBody) {
  const f = await formFieldFor(tdb, user, b.moduleId, b.field, b.recordId);
  const src = f?.manifest.aggregateSource?.(f.config as never);
  if (!src) throw badRequest(`'${b.field}' does not sum up records.`);
  const target = await lookupTarget(tdb, user, src.moduleId);
  const rows = target
    ? await recordsByIds(tdb, user, target, idsOf(b.ids), src.column ? [src.column] : [], [])
    : new Map();
  const values = [...rows.values()].map((r: Record<string, unknown>) => r[src.column]);
  return { value: aggregateValues(values, src.fn), count: rows.size };
}

/**
 * The designer's "test this lookup": the settings as they stand, searched with the designer's own access; answers
 * the request as the server runs it (filters with their values filled in) and the first page.
 */
export async function testLookup(tdb: TenantDb, user: AuthUser, b: LookupTestBody) {
  const settings = { ...lookupDefaults, ...b.settings } as LookupSettings;
  const src = recordSourceOf(settings);
  if (!src) throw badRequest('Choose the app and the field shown first.');
  const target = await lookupTarget(tdb, user, src.moduleId);
  if (!target) throw notFound('App not found');
  const filters = resolveFilters(src.filters, b.values ?? {}, await pickerOf(tdb, user));
  const search = (b.search ?? '').trim();
  const app = (await liveModule(tdb, src.moduleId))?.display_name ?? '';
  const request = { app, labelField: src.labelField, sort: src.sort, search, filters: filters ?? null };
  const answer = filters ? await searchRecords(tdb, user, target, src, filters, { search, length: 10 }) : EMPTY;
  return { request, answer };
}

/** Headers a remote call adds to its own: the fraud prevention headers when asked for, then the security header's. */
async function extraHeaders(
  tdb: TenantDb,
  settings: RemoteSettings,
  egress: { allowPrivate: boolean; log?: EgressLog },
  gov: () => Promise<Record<string, string>>,
) {
  return {
    ...(settings.addGovHeaders ? await gov() : {}),
    ...(settings.securityHeaderId ? await credentialHeaders(tdb, settings.securityHeaderId, egress) : {}),
  };
}

/** The egress settings with the security header's client certificate, when it is a Certificate set. */
async function withTls(tdb: TenantDb, settings: RemoteSettings, egress: { allowPrivate: boolean; log?: EgressLog }) {
  return { ...egress, tls: settings.securityHeaderId ? await credentialTls(tdb, settings.securityHeaderId) : null };
}

/**
 * RemoteUrl: the items another system answers for a remote-lookup field, called through the egress module under
 * the field's own settings (read from the form, never from the browser). Each item is signed for this tenant, app
 * and field, so a save is checked without calling that system again.
 */
export async function remoteLookup(
  tdb: TenantDb,
  user: AuthUser,
  b: RecordLookupBody,
  egress: { allowPrivate: boolean; log?: EgressLog },
  gov: () => Promise<Record<string, string>>,
): Promise<LookupPage> {
  const f = await formFieldFor(tdb, user, b.moduleId, b.field, b.recordId);
  const settings = f?.manifest.remoteSource?.(f.config as never);
  if (!settings) throw badRequest(`'${b.field}' does not look up another system.`);
  const credentials = await extraHeaders(tdb, settings, egress, gov);
  const r = await callRemote(
    settings,
    { search: (b.search ?? '').trim(), data: b.values ?? {} },
    await withTls(tdb, settings, egress),
    undefined,
    credentials,
  );
  const offer = (id: string, label: string) =>
    signOffer({ tenantId: tdb.tenantId, moduleId: b.moduleId, field: b.field, id, label });
  return { items: r.items.map((i) => ({ ...i, token: offer(i.id, i.label) })), nextCursor: null };
}

/** The designer's trial of remote settings: the request as sent (credentials masked) and what came back. */
export async function testRemote(
  tdb: TenantDb,
  settings: RemoteSettings,
  input: { search: string; values: Record<string, unknown> },
  egress: { allowPrivate: boolean; log?: EgressLog },
  gov: () => Promise<Record<string, string>>,
) {
  const credentials = await extraHeaders(tdb, settings, egress, gov);
  const r = await callRemote(
    settings,
    { search: input.search, data: input.values },
    await withTls(tdb, settings, egress),
    undefined,
    credentials,
  );
  return { request: r.request, status: r.status, items: r.items.slice(0, 20) };
}
