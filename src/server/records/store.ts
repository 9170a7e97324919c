import type { Selectable } from 'kysely';
import type { RecordsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../schemas/workflow-definition.js';
import { compileOnServer, parseJson } from '../apps/definitions.js';
import { notFound } from '../http/errors.js';
import { moduleVersion } from './queries.js';

export type RecordRow = Selectable<RecordsTable>;
export type LoadedVersion = Awaited<ReturnType<typeof readVersion>>;

async function readVersion(tdb: TenantDb, moduleId: string, version: number) {
  const v = await moduleVersion(tdb, moduleId, version);
  if (!v) throw notFound('This app has no published version.');
  const definition = parseJson<ModuleDefinition>(v.definition);
  const workflow = parseJson<WorkflowDefinition>(v.workflow);
  const { compiled, registry } = await compileOnServer(definition);
  return { version: v.version, definition, workflow, compiled, registry };
}

// Published versions never change, so a compiled version can be kept (per tenant: the key carries it).
const versions = new Map<string, LoadedVersion>();

export async function loadVersion(tdb: TenantDb, moduleId: string, version: number): Promise<LoadedVersion> {
  const key = `${tdb.tenantId}\u0000${moduleId}\u0000${version}`;
  const hit = versions.get(key);
  if (hit) return hit;
  const v = await readVersion(tdb, moduleId, version);
  if (versions.size > 500) versions.clear();
  versions.set(key, v);
  return v;
}
