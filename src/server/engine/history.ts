import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { loadRecordFor } from '../access/index.js';
import { notFound } from '../http/errors.js';
import type { HistoryEntry } from './schemas.js';

interface StoredFacts {
  activity_title?: string | null;
  Assignee?: HistoryEntry['Assignee'];
  ApprovalHistory?: HistoryEntry['ApprovalHistory'];
  Outcomes?: string[];
}

/** The activity history of a record the user may see, oldest first, in the spec's shape. */
export async function workflowHistory(
  tdb: TenantDb,
  user: AuthUser,
  moduleId: string,
  recordId: string,
): Promise<HistoryEntry[]> {
  const r = await loadRecordFor(tdb, user, recordId);
  if (r.module_id !== moduleId) throw notFound('Record not found');
  const rows = await tdb
    .selectFrom('activity_history')
    .selectAll()
    .where('record_id', '=', r.id)
    .orderBy('created_on')
    .orderBy('id')
    .execute();
  return rows.map((h) => {
    const d = JSON.parse(h.data) as StoredFacts;
    return {
      id: h.id,
      instance_id: h.instance_id,
      activity_id: h.activity_id,
      activity_title: d.activity_title ?? null,
      task_id: h.task_id,
      ActionType: h.action_type,
      Results: {
        author_name: h.author_name,
        message: h.message,
        accepted: h.accepted == null ? null : !!h.accepted,
        created_on: h.created_on,
      },
      Assignee: d.Assignee ?? null,
      ApprovalHistory: d.ApprovalHistory ?? null,
      Outcomes: d.Outcomes ?? [],
    };
  });
}
