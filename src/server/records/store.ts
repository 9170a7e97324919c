import type { Selectable } from 'kysely';
import type { ModuleVersionsTable, RecordsTable } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../schemas/workflow-definition.js';
import { compileOnServer, parseJson } from '../apps/definitions.js';
import { notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';

export type RecordRow = Selectable<RecordsTable>;

export async function loadVersion(tdb: TenantDb, moduleId: string, version: number) {
  const v: Selectable<ModuleVersionsTable> | undefined = await tdb
    .selectFrom('module_versions')
    .selectAll()
    .where('module_id', '=', moduleId)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!v) throw notFound('This app has no published version.');
  const definition = parseJson<ModuleDefinition>(v.definition);
  const workflow = parseJson<WorkflowDefinition>(v.workflow);
  const { compiled, registry } = await compileOnServer(definition);
  return { version: v.version, definition, workflow, compiled, registry };
}

/** Records a user may open: their own, or any for administrators. Anything else is "not found". */
export async function loadRecordFor(tdb: TenantDb, user: AuthUser, recordId: string): Promise<RecordRow> {
  const r = await tdb.selectFrom('records').selectAll().where('id', '=', recordId).executeTakeFirst();
  if (!r || (r.created_by !== user.id && !user.isAdministrator && !user.isSysAdmin)) throw notFound('Record not found');
  return r;
}
