import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { forbidden } from '../http/errors.js';
import { isAdmin, loadRecordFor } from '../access/index.js';
import { OPEN } from '../engine/status.js';
import { openTaskOf, taskOfRecord } from '../records/queries.js';
import { searchUsers } from '../lookups/users.js';
import type { Assignee, RecordShare } from './schemas.js';

/**
 * LookupAssigneeByRecord: the people an open task of this record may be handed to, for someone who may hand it on
 * (its assignee, or an administrator naming the task): active users matching the typed text, without those who
 * already hold that step. Asked of the server as the user types, so any number of users can be searched.
 */
export async function assigneesForRecord(
  tdb: TenantDb,
  user: AuthUser,
  q: { recordId: string; taskId?: string; searchTerm?: string },
): Promise<Assignee[]> {
  const r = await loadRecordFor(tdb, user, q.recordId);
  const task = q.taskId ? await taskOfRecord(tdb, r.id, q.taskId) : await openTaskOf(tdb, r.id, user.id);
  const mayHand =
    !!task &&
    task.status === OPEN &&
    task.instance_id === r.workflow_instance_id &&
    (task.assignee_id === user.id || isAdmin(user));
  if (!mayHand) throw forbidden('You have no task of this record to reassign.');
  const mod = await tdb
    .selectFrom('modules')
    .select('is_reassignment_disabled')
    .where('id', '=', r.module_id)
    .executeTakeFirst();
  if (mod?.is_reassignment_disabled) throw forbidden('Reassignment is disabled for this app.');
  const holders = new Set(
    (
      await tdb
        .selectFrom('tasks')
        .select('assignee_id')
        .where('instance_id', '=', task.instance_id)
        .where('activity_id', '=', task.activity_id)
        .where('status', '=', OPEN)
        .execute()
    ).map((t) => t.assignee_id),
  );
  const page = await searchUsers(tdb, { search: (q.searchTerm ?? '').trim(), length: 50 + holders.size });
  return page.items
    .filter((u) => !holders.has(u.id))
    .slice(0, 50)
    .map((u) => ({ id: u.id, type: 'user' as const, name: u.label, email: String(u.values.email ?? '') }));
}

type Reason = RecordShare['people'][number]['reasons'][number];

/**
 * /api/workflow/share: whom a record is shared with, by the one visibility rule — its creator, the person who
 * started its workflow and everyone who has or had a task on it (with those tasks) — plus how many administrators
 * see every record of the organisation. Anyone who may open the record may ask.
 */
export async function recordShare(tdb: TenantDb, user: AuthUser, recordId: string): Promise<RecordShare> {
  const r = await loadRecordFor(tdb, user, recordId);
  const tasks = await tdb
    .selectFrom('tasks')
    .select(['assignee_id', 'activity_title', 'status', 'outcome', 'started_on', 'completed_on'])
    .where('record_id', '=', r.id)
    .orderBy('started_on')
    .orderBy('id')
    .limit(1000)
    .execute();
  const reasons = new Map<string, Set<Reason>>();
  const add = (id: string | null, why: Reason) => {
    if (!id) return;
    if (!reasons.has(id)) reasons.set(id, new Set());
    reasons.get(id)!.add(why);
  };
  add(r.created_by, 'creator');
  if (!r.is_draft) {
    add(r.workflow_initiator_user, 'initiator');
    for (const t of tasks) add(t.assignee_id, 'task');
  }
  const ids = [...reasons.keys()];
  const users = ids.length
    ? await tdb
        .selectFrom('users')
        .select(['id', 'fullname', 'username', 'email', 'status'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const admins = await tdb
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('is_administrator', '=', 1), eb('is_sys_admin', '=', 1)]))
    .executeTakeFirst();
  return {
    recordId: r.id,
    people: users
      .map((u) => ({
        id: u.id,
        name: u.fullname || u.username,
        email: u.email,
        active: u.status === 'active',
        reasons: [...reasons.get(u.id)!],
        tasks: r.is_draft
          ? []
          : tasks
              .filter((t) => t.assignee_id === u.id)
              .map(({ assignee_id: _, ...t }) => ({ ...t, outcome: t.outcome ?? null })),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    administrators: Number(admins?.n ?? 0),
  };
}
