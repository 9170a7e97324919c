import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { mayActOnModule, parsePermission, teamsOf } from '../access/index.js';
import { notFound } from '../http/errors.js';
import { loadFieldRegistry } from '../../../runtime/registry-node.js';
import type { FieldRegistry } from '../../../runtime/plugin-contract.js';
import type { ModuleDefinition } from '../../../schemas/module-definition.js';
import type { DataLink, DataLinks } from './schemas.js';

/** A field that reads another app: lookups and pickers (recordSource), sums (aggregateSource). */
function linksOf(def: ModuleDefinition, registry: FieldRegistry) {
  const out: { field: string; label: string; fieldType: string; target: string; reads: string[] }[] = [];
  for (const g of def.fieldGroups ?? [])
    for (const r of g.rows ?? [])
      for (const f of r.fields ?? []) {
        const m = registry[f.fieldType];
        if (!m) continue;
        const config = { ...(m.defaultConfig as object), ...(f.config ?? {}) } as never;
        const rec = m.recordSource?.(config);
        const agg = m.aggregateSource?.(config);
        const target = rec?.moduleId ?? agg?.moduleId;
        if (!target) continue;
        const reads = rec
          ? [rec.labelField, ...rec.columns, ...rec.filters.map((x) => x.field), ...rec.flow.map((x) => x.from)]
          : [agg!.column];
        out.push({
          field: f.name,
          label: f.label || f.name,
          fieldType: f.fieldType,
          target,
          reads: [...new Set(reads.filter(Boolean))],
        });
      }
  return out;
}

/**
 * dataentrylookup: the apps this app's fields read (its draft, as the designer has it) and the published apps whose
 * fields read this one, with the fields of this app they depend on: what to check before renaming or removing one.
 * Only apps the designer may view are named.
 */
export async function dataLinks(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<DataLinks> {
  const mods = await tdb
    .selectFrom('modules')
    .select(['id', 'display_name', 'module_draft', 'published_version', 'permission'])
    .where('deleted_on', 'is', null)
    .limit(1000)
    .execute();
  const self = mods.find((m) => m.id === moduleId);
  if (!self) throw notFound('App not found');
  const teams = await teamsOf(tdb, user.id);
  const visible = new Map(
    mods.filter((m) => mayActOnModule(user, parsePermission(m.permission), 'view', teams)).map((m) => [m.id, m]),
  );
  const { manifests } = await loadFieldRegistry();
  const link = (l: ReturnType<typeof linksOf>[number], app: { id: string; display_name: string }): DataLink => ({
    moduleId: app.id,
    moduleName: app.display_name,
    field: l.field,
    label: l.label,
    fieldType: l.fieldType,
    reads: l.reads,
  });
  const uses = linksOf(JSON.parse(self.module_draft) as ModuleDefinition, manifests).flatMap((l) => {
    const target = visible.get(l.target);
    return target ? [link(l, target)] : [];
  });
  const others = [...visible.values()].filter((m) => m.id !== moduleId && m.published_version);
  const versions = others.length
    ? await tdb
        .selectFrom('module_versions')
        .select(['module_id', 'version', 'definition'])
        .where(
          'module_id',
          'in',
          others.map((m) => m.id),
        )
        .execute()
    : [];
  const usedBy: DataLink[] = [];
  for (const m of others) {
    const v = versions.find((x) => x.module_id === m.id && x.version === m.published_version);
    if (!v) continue;
    for (const l of linksOf(JSON.parse(v.definition) as ModuleDefinition, manifests))
      if (l.target === moduleId) usedBy.push(link(l, m));
  }
  // A field's reads name this app's fields for usedBy, and the target's fields for uses.
  return { uses, usedBy: usedBy.sort((a, b) => a.moduleName.localeCompare(b.moduleName)) };
}
