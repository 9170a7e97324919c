import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { assertModuleAccess, loadRecordFor } from '../access/index.js';
import { badRequest, notFound } from '../http/errors.js';
import { loadVersion } from './store.js';
import { liveModule } from './queries.js';

/**
 * A field as the form the user fills defines it: of the record's own version when one is named (a record the user
 * may open), else of the app's published form for someone who may create records of it.
 */
export async function formFieldFor(tdb: TenantDb, user: AuthUser, moduleId: string, field: string, recordId?: string) {
  let version: number | null | undefined;
  if (recordId) {
    const r = await loadRecordFor(tdb, user, recordId);
    if (r.module_id !== moduleId) throw notFound('Record not found');
    version = r.module_version;
  } else {
    await assertModuleAccess(tdb, user, moduleId, 'create');
    version = (await liveModule(tdb, moduleId))?.published_version;
  }
  if (!version) throw badRequest('This app is not published yet.');
  const v = await loadVersion(tdb, moduleId, version);
  return v.compiled.fields[field];
}
