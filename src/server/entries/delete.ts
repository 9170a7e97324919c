import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { assertModuleAccess, isAdmin, mayViewRecord, maySaveDraft } from '../access/index.js';
import { forgetCounts } from './list.js';
import { deleteRecordsWithTrail, recordsToDelete } from './queries.js';
import { MAX_BULK, type Deleted } from './schemas.js';
import { recordEvent } from '../webhooks/events.js';
import { audit } from '../audit/trail.js';
import { recordChanges } from '../audit/diff.js';
import { loadVersion } from '../records/store.js';

/**
 * Deletes are all-or-nothing and need the app's delete right: a user may delete their own drafts; administrators may
 * delete any record (with its tasks, process instances, history and comments). A record the user may not open is
 * "not found", as everywhere; one they may open but not delete is refused with the reason. Nothing is deleted then.
 */
export async function deleteRecords(
  tdb: TenantDb,
  user: AuthUser,
  ids: string[],
): Promise<{ message: string; data: Deleted }> {
  const unique = [...new Set(ids)];
  if (!unique.length) throw badRequest('Choose at least one record.');
  if (unique.length > MAX_BULK) throw badRequest(`At most ${MAX_BULK} records at once.`);
  const deleted = await tdb.transaction(async (tx) => {
    const rows = await recordsToDelete(tx, unique);
    if (rows.length !== unique.length) throw notFound('Record not found');
    // Only the user's own drafts may go (administrators: anything); what else they may not even open is not found.
    const refused = isAdmin(user) ? [] : rows.filter((r) => !(r.is_draft && maySaveDraft(user, r)));
    for (const r of refused) if (!(await mayViewRecord(tx, user, r))) throw notFound('Record not found');
    for (const moduleId of new Set(rows.map((r) => r.module_id)))
      await assertModuleAccess(tx, user, moduleId, 'delete');
    if (refused.length)
      throw forbidden(
        refused.length === 1 && rows.length === 1
          ? 'You can delete only your own drafts.'
          : `You can delete only your own drafts; ${refused.length} of the ${rows.length} records are not. Nothing was deleted.`,
      );
    const at = new Date().toISOString();
    for (const r of rows)
      await recordEvent(tx, {
        events: ['record.deleted'],
        recordId: r.id,
        moduleId: r.module_id,
        version: r.version + 1,
        actorId: user.id,
        at,
        gone: {
          createdBy: r.created_by,
          initiator: r.workflow_initiator_user,
          isDraft: !!r.is_draft,
          sequence: r.sequence_number,
        },
      });
    for (const r of rows)
      await audit(tx, {
        action: 'record.delete',
        actorId: user.id,
        targetType: 'record',
        targetId: r.id,
        details: {
          moduleId: r.module_id,
          changes: recordChanges(await loadVersion(tx, r.module_id, r.module_version), r.data, {}),
        },
      });
    await deleteRecordsWithTrail(tx, unique);
    return rows;
  });
  for (const m of new Set(deleted.map((r) => r.module_id))) forgetCounts(tdb.tenantId, m);
  return {
    message: deleted.length === 1 ? 'Entry deleted' : `${deleted.length} entries deleted`,
    data: { ids: unique },
  };
}
