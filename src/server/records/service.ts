import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { forbidden, notFound } from '../http/errors.js';
import {
  assertModuleAccess,
  loadRecordFor,
  mayActOnModuleNow,
  maySaveDraft,
  parsePermission,
  redactRecord,
  resolvePermissions,
} from '../access/index.js';
import { START_STEP } from '../../../schemas/workflow-definition.js';
import { activities } from '../../../runtime/activity-registry-node.js';
import { firstStepTitle } from '../../../runtime/workflow-first-step.js';
import { loadVersion } from './store.js';
import { writeDraft } from './write.js';
import { liveModule } from './queries.js';
import { definitionForFilling } from './filling.js';
import type { FormView, SaveBody, Saved } from './schemas.js';

/**
 * Saves a draft under the start step's permissions, in one transaction. A new record needs the app's create
 * permission; an update needs a draft the user may save (their own; administrators may help) and the app's edit
 * permission. A record the user may not open is "not found"; nothing is stored when anything is refused.
 */
export async function saveDraft(tdb: TenantDb, user: AuthUser, b: SaveBody): Promise<Saved> {
  return tdb.transaction(async (tx) => {
    const existing = b.recordId ? await loadRecordFor(tx, user, b.recordId) : undefined;
    if (existing && !maySaveDraft(user, existing)) throw notFound('Record not found');
    await assertModuleAccess(tx, user, existing?.module_id ?? b.moduleId, existing ? 'edit' : 'create');
    const { row, access } = await writeDraft(tx, {
      moduleId: b.moduleId,
      existing,
      data: b.data,
      version: b.version,
      userId: user.id,
      user,
      access: (v) => resolvePermissions(v.definition, v.workflow, START_STEP, v.registry),
      draft: true,
    });
    return {
      id: row.id,
      version: row.version,
      data: redactRecord(JSON.parse(row.data) as Record<string, unknown>, access),
    };
  });
}

/**
 * The form of an app's published version for a new record, under the start step's permissions: for users who may
 * create records of the app or view them (the records page shows the app's name and columns from it).
 */
export async function formFor(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<FormView> {
  const m = await liveModule(tdb, moduleId);
  if (!m) throw notFound('App not found');
  const permission = parsePermission(m.permission);
  if (
    !(await mayActOnModuleNow(tdb, user, permission, 'create')) &&
    !(await mayActOnModuleNow(tdb, user, permission, 'view'))
  )
    throw forbidden('You do not have permission to open this app.');
  if (!m.published_version) throw notFound('This app has no published version.');
  const v = await loadVersion(tdb, m.id, m.published_version);
  const access = resolvePermissions(v.definition, v.workflow, START_STEP, v.registry);
  const first_step = firstStepTitle(v.workflow, activities.manifests) ?? null;
  return {
    id: m.id,
    display_name: m.display_name,
    module_version: v.version,
    definition: definitionForFilling(v),
    access,
    first_step,
  };
}
