import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { DB, RecordsTable } from '../db/schema.js';
import type { Selectable } from 'kysely';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { notFound } from '../http/errors.js';
import { isAdmin } from './roles.js';

type RecordRow = Selectable<RecordsTable>;

/**
 * Which records a user sees — the one rule for lists, summaries, detail, lookups and files. Administrators see
 * every record of the app; anyone else sees those they created or started and those they have or had a task on.
 * Drafts are their creator's alone. Returns undefined when no condition is needed.
 */
export function visibleRecordsWhere(
  eb: ExpressionBuilder<DB, 'records'>,
  user: AuthUser,
  draft: boolean,
): Expression<SqlBool> | undefined {
  if (draft) return eb('records.created_by', '=', user.id);
  if (isAdmin(user)) return undefined;
  return eb.or([
    eb('records.created_by', '=', user.id),
    eb('records.workflow_initiator_user', '=', user.id),
    eb.exists(
      eb
        .selectFrom('tasks')
        .select(sql`1`.as('one'))
        .whereRef('tasks.record_id', '=', 'records.id')
        .where('tasks.assignee_id', '=', user.id)
        .where('tasks.tenant_id', '=', user.tenantId),
    ),
  ]);
}

/** Which part of the record rule decided, for explanations (access/explain.ts); `allowed` is the verdict. */
export interface RecordViewMatch {
  allowed: boolean;
  by: 'creator' | 'initiator' | 'admin' | 'task' | 'none';
  /** The task that lets them in (by: 'task'). */
  task?: { id: string; activity_title: string; status: string; team_id: string | null };
}

/** The record rule itself: mayViewRecord is its verdict, so an explanation and the enforcement cannot differ. */
export async function matchRecordView(tdb: TenantDb, user: AuthUser, r: RecordRow): Promise<RecordViewMatch> {
  if (r.is_draft) {
    if (r.created_by === user.id) return { allowed: true, by: 'creator' };
    return isAdmin(user) ? { allowed: true, by: 'admin' } : { allowed: false, by: 'none' };
  }
  if (r.created_by === user.id) return { allowed: true, by: 'creator' };
  if (r.workflow_initiator_user === user.id) return { allowed: true, by: 'initiator' };
  if (isAdmin(user)) return { allowed: true, by: 'admin' };
  const task = await tdb
    .selectFrom('tasks')
    .select(['id', 'activity_title', 'status', 'team_id'])
    .where('record_id', '=', r.id)
    .where('assignee_id', '=', user.id)
    .limit(1)
    .executeTakeFirst();
  return task ? { allowed: true, by: 'task', task } : { allowed: false, by: 'none' };
}

/** The same rule for one loaded record (is `user` allowed to open `r`?). */
export async function mayViewRecord(tdb: TenantDb, user: AuthUser, r: RecordRow): Promise<boolean> {
  return (await matchRecordView(tdb, user, r)).allowed;
}

/**
 * Loads a record the user may open. Anything else is "not found", so ids of other people's records reveal nothing.
 */
export async function loadRecordFor(tdb: TenantDb, user: AuthUser, recordId: string): Promise<RecordRow> {
  const r = await tdb.selectFrom('records').selectAll().where('id', '=', recordId).executeTakeFirst();
  if (!r || !(await mayViewRecord(tdb, user, r))) throw notFound('Record not found');
  return r;
}

/** Drafts are saved by their creator (administrators may help); approvers read records but never save drafts. */
export const maySaveDraft = (user: AuthUser, r: Pick<RecordRow, 'created_by'>): boolean =>
  r.created_by === user.id || isAdmin(user);
