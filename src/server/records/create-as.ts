import { resolvePermissions } from '../../../runtime/permissions.js';
import { START_STEP } from '../../../schemas/workflow-definition.js';
import { assertModuleAccess } from '../access/index.js';
import { actorFor, submit } from '../engine/actions.js';
import { forbidden } from '../http/errors.js';
import { authUserOf, type AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { writeDraft } from './write.js';

/**
 * The owner of work that runs by itself (a schedule, an automation), who must still be active and still be allowed to
 * create records of the app: saving the work checked it once, rules change. `what` names the work in the refusal.
 */
export async function ownerWhoMayCreate(tx: TenantDb, ownerId: string, moduleId: string, what: string) {
  const u = await tx.selectFrom('users').selectAll().where('id', '=', ownerId).executeTakeFirst();
  if (!u || u.status !== 'active') throw forbidden(`The owner of this ${what} is no longer active.`);
  const user = authUserOf(u, tx.tenantId);
  await assertModuleAccess(tx, user, moduleId, 'create');
  return user;
}

/** A record in a user's name: submitted into the app's workflow, or kept as a draft; the same checks as the UI's. */
export async function createRecordAs(
  tx: TenantDb,
  user: AuthUser,
  moduleId: string,
  data: Record<string, unknown>,
  submitIt: boolean,
): Promise<string> {
  if (submitIt) return (await submit(tx, user, await actorFor(tx, user), { moduleId, data })).recordId;
  const { row } = await writeDraft(tx, {
    moduleId,
    data,
    userId: user.id,
    user,
    access: (v) => resolvePermissions(v.definition, v.workflow, START_STEP, v.registry),
    draft: true,
  });
  return row.id;
}
