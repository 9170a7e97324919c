import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { visibleRecordsWhere } from '../access/index.js';
import { outcomeSql, processStatusSql } from '../entries/status-sql.js';
import type { InstanceFilter } from './schemas.js';

/**
 * Records that have had a process (a workflow instance), across apps, narrowed by the console's filter. Visibility
 * still goes through the access module (a system administrator sees every record of the tenant).
 */
export function instancesWhere(tdb: TenantDb, user: AuthUser, f: InstanceFilter) {
  return tdb
    .selectFrom('records')
    .innerJoin('modules', (j) =>
      j.onRef('modules.id', '=', 'records.module_id').onRef('modules.tenant_id', '=', 'records.tenant_id'),
    )
    .where('records.workflow_instance_id', 'is not', null)
    .where('modules.deleted_on', 'is', null)
    .where((eb) => narrow(eb, user, f));
}

function narrow(eb: ExpressionBuilder<DB, 'records' | 'modules'>, user: AuthUser, f: InstanceFilter) {
  const parts = [];
  const visible = visibleRecordsWhere(eb as unknown as ExpressionBuilder<DB, 'records'>, user, false);
  if (visible) parts.push(visible);
  if (f.moduleId) parts.push(eb('records.module_id', '=', f.moduleId));
  if (f.status) parts.push(processStatusSql(f.status));
  if (f.outcome) parts.push(sql<boolean>`${outcomeSql} = ${f.outcome}`);
  if (f.step)
    parts.push(
      eb.or([eb('records.workflow_activity_id', '=', f.step), eb('records.workflow_activity_name', '=', f.step)]),
    );
  if (f.initiatorId) parts.push(eb('records.workflow_initiator_user', '=', f.initiatorId));
  if (f.startedAfter) parts.push(eb('records.submitted_on', '>=', f.startedAfter));
  if (f.startedBefore) parts.push(eb('records.submitted_on', '<', f.startedBefore));
  return eb.and(parts);
}

type Base = ReturnType<typeof instancesWhere>;

/** The columns a list row shows. */
export function rowColumns(q: Base) {
  return q
    .leftJoin('users as i', (j) =>
      j.onRef('i.id', '=', 'records.workflow_initiator_user').onRef('i.tenant_id', '=', 'records.tenant_id'),
    )
    .leftJoin('workflow_instances as wi', (j) =>
      j.onRef('wi.id', '=', 'records.workflow_instance_id').onRef('wi.tenant_id', '=', 'records.tenant_id'),
    )
    .select([
      'records.id',
      'records.workflow_instance_id',
      'records.module_id',
      'records.module_version',
      'records.workflow_status',
      'records.workflow_activity_id',
      'records.workflow_activity_name',
      'records.workflow_started_on',
      'records.workflow_initiator_user',
      'records.workflow_completed_on',
      'records.workflow_faulted_on',
      'records.submitted_on',
      'records.created_on',
      'modules.display_name',
      'i.fullname as initiator_name',
      'wi.fault',
    ]);
}
export type ListedRow = Awaited<ReturnType<ReturnType<typeof rowColumns>['execute']>>[number];

/** Keyset order: newest first by creation, id breaking ties; the cursor is "created_on|id". */
export function afterCursor<Q extends SelectQueryBuilder<DB, 'records' | 'modules', object>>(
  q: Q,
  cursor?: string | null,
) {
  const at = cursor?.lastIndexOf('|') ?? -1;
  if (!cursor || at < 1) return q;
  const created = cursor.slice(0, at);
  const id = cursor.slice(at + 1);
  return q.where((eb) =>
    eb.or([
      eb('records.created_on', '<', created),
      eb.and([eb('records.created_on', '=', created), eb('records.id', '<', id)]),
    ]),
  ) as Q;
}

/** Record ids matching the filter after `afterId`, by id (how a bulk job walks its set). */
export function idsAfter(tdb: TenantDb, user: AuthUser, f: InstanceFilter, afterId: string | null, limit: number) {
  let q = instancesWhere(tdb, user, f).select('records.id');
  if (afterId) q = q.where('records.id', '>', afterId);
  return q.orderBy('records.id').limit(limit).execute();
}
