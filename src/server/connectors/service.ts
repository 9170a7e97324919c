import crypto from 'node:crypto';
import { compileSchema } from '../../../runtime/ajv.js';
import { loadConnectorRegistry } from '../../../runtime/connector-registry-node.js';
import { nameRuleProblems } from '../../../runtime/text-rules.js';
import type { ConnectorManifest } from '../../../runtime/plugin-contract.js';
import { audit } from '../audit/trail.js';
import { settingsChanges } from '../audit/diff.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { Connector, ListBody, SaveConnectorBody } from './schemas.js';

type Row = {
  id: string;
  dc_type: string;
  name: string;
  description: string | null;
  config: string;
  security_header_id: string | null;
  display_columns: string;
  version: number;
  modified_on: string;
};
const COLUMNS = [
  'id',
  'dc_type',
  'name',
  'description',
  'config',
  'security_header_id',
  'display_columns',
  'version',
  'modified_on',
] as const;

async function manifestOf(dcType: string): Promise<ConnectorManifest<object>> {
  const m = (await loadConnectorRegistry()).manifests[dcType];
  if (!m) throw badRequest(`'${dcType}' is not a kind of connector`);
  return m;
}

export async function view(r: Row): Promise<Connector> {
  const m = (await loadConnectorRegistry()).manifests[r.dc_type];
  const config = JSON.parse(r.config) as Record<string, unknown>;
  return {
    id: r.id,
    dcType: r.dc_type,
    name: r.name,
    description: r.description,
    config,
    securityHeaderId: r.security_header_id,
    display_columns: JSON.parse(r.display_columns) as Connector['display_columns'],
    inputs: m ? m.inputs(config as never) : [],
    version: Number(r.version),
    modified_on: r.modified_on,
  };
}

export const rowById = (tdb: TenantDb, id: string) =>
  tdb
    .selectFrom('data_connectors')
    .select([...COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();

export async function connectorById(tdb: TenantDb, id: string): Promise<Connector> {
  const r = await rowById(tdb, id);
  if (!r) throw notFound('Connector not found');
  return view(r);
}

/**
 * The plugin's settings, complete and valid, or a 400 naming the first problem; with `hasSecurity` (saving) also
 * the plugin's own rules (a designer's test may try settings those rules do not allow yet).
 */
export async function checkedConfig(dcType: string, config: Record<string, unknown>, hasSecurity?: boolean) {
  const m = await manifestOf(dcType);
  const full = { ...(m.defaultConfig as Record<string, unknown>), ...config };
  const valid = compileSchema(m.configSchema);
  if (!valid(full)) {
    const e = valid.errors?.[0];
    throw badRequest(`Settings: ${(e?.instancePath || '/').slice(1) || 'settings'} ${e?.message ?? 'are not valid'}`);
  }
  const problem = hasSecurity === undefined ? undefined : m.problems?.(full as never, { hasSecurity })[0];
  if (problem) throw badRequest(problem);
  return full;
}

async function headerExists(tdb: TenantDb, id: string | null | undefined) {
  if (!id) return null;
  const h = await tdb.selectFrom('security_headers').select('id').where('id', '=', id).executeTakeFirst();
  if (!h) throw badRequest('The security header chosen no longer exists');
  return id;
}

function checkedName(raw: string) {
  const name = raw.trim();
  if (!name) throw badRequest('Name is required');
  const problem = nameRuleProblems(raw, 64)[0];
  if (problem) throw badRequest(`Name: ${problem}`);
  return name;
}

/** Creates a connector, or changes one at the version read (409 when someone else changed it meanwhile). */
export async function saveConnector(tdb: TenantDb, user: AuthUser, b: SaveConnectorBody): Promise<Connector> {
  const name = checkedName(b.name);
  // A change that leaves the security header out keeps the one it has.
  const hasSecurity = b.securityHeaderId === undefined ? !!b.id : !!b.securityHeaderId;
  const config = JSON.stringify(await checkedConfig(b.dcType, b.config, hasSecurity));
  return tdb.transaction(async (tx) => {
    const header = await headerExists(tx, b.securityHeaderId);
    const clash = await tx.selectFrom('data_connectors').select('id').where('name', '=', name).executeTakeFirst();
    if (clash && clash.id !== b.id) throw badRequest(`A connector named '${name}' already exists`);
    const now = new Date().toISOString();
    const columns = JSON.stringify(b.display_columns ?? { available: [], selected: [] });
    if (!b.id) {
      const id = crypto.randomUUID();
      await tx
        .insertInto('data_connectors', {
          id,
          dc_type: b.dcType,
          name,
          description: b.description?.trim() || null,
          config,
          security_header_id: header,
          display_columns: columns,
          version: 1,
          created_by: user.id,
          created_on: now,
          modified_on: now,
        })
        .execute();
      await audit(tx, {
        action: 'connector.create',
        actorId: user.id,
        targetType: 'connector',
        targetId: id,
        targetLabel: name,
        details: {
          dcType: b.dcType,
          changes: settingsChanges(
            {},
            { name, description: b.description ?? null, config: JSON.parse(config) as Record<string, unknown> },
          ),
        },
      });
      return connectorById(tx, id);
    }
    const current = await rowById(tx, b.id);
    if (!current) throw notFound('Connector not found');
    if (current.dc_type !== b.dcType) throw badRequest('A connector keeps its kind; copy it to make another kind.');
    const version = b.version ?? Number(current.version);
    const r = await tx
      .updateTable('data_connectors')
      .set({
        name,
        description: b.description === undefined ? current.description : b.description?.trim() || null,
        config,
        security_header_id: b.securityHeaderId === undefined ? current.security_header_id : header,
        display_columns: b.display_columns ? columns : current.display_columns,
        version: version + 1,
        modified_on: now,
      })
      .where('id', '=', b.id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows))
      throw conflict('This connector was changed by someone else just now. Reload to see it.');
    const was = {
      name: current.name,
      description: current.description,
      config: JSON.parse(current.config) as Record<string, unknown>,
    };
    const after = {
      name,
      description: b.description === undefined ? current.description : b.description?.trim() || null,
      config: JSON.parse(config) as Record<string, unknown>,
    };
    await audit(tx, {
      action: 'connector.update',
      actorId: user.id,
      targetType: 'connector',
      targetId: b.id,
      targetLabel: name,
      details: { dcType: b.dcType, changes: settingsChanges(was, after) },
    });
    return connectorById(tx, b.id);
  });
}

/** copyfrom: a new connector with another's settings, under a new name. */
export async function copyConnector(tdb: TenantDb, user: AuthUser, id: string, name: string) {
  const from = await connectorById(tdb, id);
  return saveConnector(tdb, user, {
    dcType: from.dcType,
    name,
    description: from.description,
    config: from.config,
    securityHeaderId: from.securityHeaderId,
    display_columns: from.display_columns,
  });
}

/** The connectors by name (of one kind), a page at a time; a search matches the name or description. */
export async function listConnectors(tdb: TenantDb, b: ListBody) {
  const search = (typeof b.search === 'string' ? b.search : (b.search?.value ?? '')).trim().toLowerCase();
  let q = tdb.selectFrom('data_connectors').select([...COLUMNS]);
  if (b.dcType) q = q.where('dc_type', '=', b.dcType);
  // A tenant keeps tens or hundreds of connectors: read them (bounded) and order as people read names.
  const rows = (await q.limit(5000).execute())
    .filter((r) => !search || `${r.name}\n${r.description ?? ''}`.toLowerCase().includes(search))
    .sort((a, c) => a.name.localeCompare(c.name, 'en', { sensitivity: 'base' }));
  const length = b.length ?? 50;
  const page = b.page ?? 1;
  return {
    data: await Promise.all(rows.slice((page - 1) * length, page * length).map(view)),
    recordsTotal: rows.length,
    recordsFiltered: rows.length,
    page,
    length,
  };
}

/** fetch: id and name of every connector (of one kind), for pickers. */
export async function connectorNames(tdb: TenantDb, dcType?: string) {
  let q = tdb.selectFrom('data_connectors').select(['id', 'name', 'dc_type']);
  if (dcType) q = q.where('dc_type', '=', dcType);
  const rows = await q.orderBy('name').limit(5000).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, dcType: r.dc_type }));
}

export async function deleteConnectors(tdb: TenantDb, ids: string[]) {
  return tdb.transaction(async (tx) => {
    const gone = await tx
      .selectFrom('data_connectors')
      .select(['id', 'name', 'dc_type'])
      .where('id', 'in', ids)
      .execute();
    const r = await tx.deleteFrom('data_connectors').where('id', 'in', ids).executeTakeFirst();
    const deleted = Number(r.numDeletedRows);
    if (!deleted) throw notFound('Connector not found');
    for (const c of gone)
      await audit(tx, {
        action: 'connector.delete',
        targetType: 'connector',
        targetId: c.id,
        targetLabel: c.name,
        details: { dcType: c.dc_type },
      });
    return { deleted };
  });
}
