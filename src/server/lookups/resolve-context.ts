import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { FieldResolveContext } from '../../../runtime/plugin-contract.js';
import { isFilterOperator, type RecordSource } from '../../../runtime/lookup-source.js';
import { listById } from '../keyvalue/queries.js';
import { rowsForForm } from '../refdata/rows.js';
import { lookupTarget, pickerOf, recordsByIds, searchRecords } from './records.js';
import { usersByIds } from './users.js';
import { verifyOffer } from './offers.js';

/** What field plugins' `resolve` may read while a record is saved: only what the saving user may see. */
export function resolveContext(
  tdb: TenantDb,
  user: AuthUser,
  data: Record<string, unknown>,
  field: { moduleId: string; name: string; label: string; before?: unknown; version?: number },
): FieldResolveContext {
  return {
    label: field.label,
    before: field.before,
    version: field.version,
    offered: (ref) =>
      verifyOffer(
        { tenantId: tdb.tenantId, moduleId: field.moduleId, field: field.name, id: ref.id, label: ref.label },
        ref.token,
      ),
    data,
    picker: () => pickerOf(tdb, user),
    async listOptions(listId) {
      const r = await listById(tdb, listId);
      if (!r) return undefined;
      const values = JSON.parse(r.list_values) as { key: string; value: string }[];
      return values.map((v) => ({ value: v.key, label: v.value }));
    },
    datasetRows: (datasetId, keys) => rowsForForm(tdb, user, datasetId, keys),
    async records(q) {
      const t = await lookupTarget(tdb, user, q.moduleId);
      if (!t) return new Map();
      const filters = q.filters.flatMap((f) => (isFilterOperator(f.operator) ? [{ ...f, operator: f.operator }] : []));
      return recordsByIds(tdb, user, t, q.ids, q.fields, filters);
    },
    async recordByLabel(q) {
      const t = await lookupTarget(tdb, user, q.moduleId);
      if (!t?.columns.get(q.labelField)?.field || !q.label.trim()) return undefined;
      const filters = q.filters.flatMap((f) => (isFilterOperator(f.operator) ? [{ ...f, operator: f.operator }] : []));
      const src: RecordSource = { ...q, columns: [], filters: [], sort: 'asc', flow: [] };
      const page = await searchRecords(tdb, user, t, src, filters, {
        search: q.label.trim(),
        length: 50,
      });
      const exact = page.items.filter((i) => i.label.trim().toLowerCase() === q.label.trim().toLowerCase());
      const hit = exact.find((i) => i.label === q.label) ?? exact.sort((a, b) => (a.id < b.id ? -1 : 1))[0];
      return hit ? { id: hit.id, label: hit.label } : undefined;
    },
    users: (ids, teamId) => usersByIds(tdb, ids, teamId),
  };
}
