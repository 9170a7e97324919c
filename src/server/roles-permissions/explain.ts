import type { TenantDb } from '../tenancy/tenant-db.js';
import { authUserOf, type UserRow } from '../identity/user-info.js';
import { explainAccess, parsePermission, resolvePermissions } from '../access/index.js';
import { notFound } from '../http/errors.js';
import { loadVersion } from '../records/store.js';
import { COMPLETE_STEP, START_STEP } from '../../../schemas/workflow-definition.js';
import * as q from './queries.js';
import type { Explanation, ExplainBody, Person } from './schemas.js';

export const personOf = (u: UserRow): Person => ({
  id: u.id,
  fullname: u.fullname,
  username: u.username,
  roles: [
    ...(u.is_sys_admin ? (['sysAdmin'] as const) : []),
    ...(u.is_administrator ? (['administrator'] as const) : []),
    ...(u.is_full_user ? (['fullUser'] as const) : []),
    ...(u.is_consultant ? (['consultant'] as const) : []),
  ],
  active: u.status === 'active',
});

type RecordRow = NonNullable<Awaited<ReturnType<typeof q.recordRow>>>;

/** Field rules where the record stands (or at the start step for a new record): counts and hidden field labels. */
async function fieldRules(tdb: TenantDb, moduleId: string, version: number | null, r?: RecordRow) {
  if (!version) return null;
  const v = await loadVersion(tdb, moduleId, version);
  const step =
    !r || r.is_draft ? START_STEP : r.workflow_completed_on ? COMPLETE_STEP : (r.workflow_activity_id ?? START_STEP);
  const access = resolvePermissions(v.definition, v.workflow, step, v.registry);
  const labels = new Map<string, string>();
  for (const g of v.definition.fieldGroups)
    for (const row of g.rows) for (const f of row.fields) labels.set(f.name, f.label);
  const names = Object.keys(access);
  return {
    step: step === START_STEP || step === COMPLETE_STEP ? step : (r?.workflow_activity_name ?? step),
    editable: names.filter((n) => access[n] === 'editable').length,
    readonly: names.filter((n) => access[n] === 'readonly').length,
    hidden: names.filter((n) => access[n] === 'hidden').map((n) => labels.get(n) ?? n),
  };
}

/**
 * Why a user of this tenant may or may not create, view, edit and delete an app's records, design it and report on
 * it, and open, list and save one record: the access module's own checks with their reasons (access/explain.ts),
 * the user's teams (read now), and the field rules of the step. Everything is looked up through the caller's TenantDb, so another tenant's user, app or record
 * is simply not found. No field value is returned.
 */
export async function explain(tdb: TenantDb, b: ExplainBody): Promise<Explanation> {
  const u = await q.userRow(tdb, b.userId);
  if (!u) throw notFound('User not found');
  const app = await q.appRow(tdb, b.moduleId);
  if (!app) throw notFound('App not found');
  const r = b.recordId ? await q.recordRow(tdb, b.recordId) : undefined;
  if (b.recordId && (!r || r.module_id !== app.id)) throw notFound('Record not found');
  const e = await explainAccess(tdb, authUserOf(u, tdb.tenantId), parsePermission(app.permission), r);
  const team = e.taskTeamId ? (await q.teamName(tdb, e.taskTeamId))?.name : undefined;
  const teamNames = new Map((await q.teamRows(tdb)).map((t) => [t.id, t.name]));
  const reasons = e.reasons.map((x) => {
    if (x.key === 'RECORD.TASK' && team) return { ...x, params: { ...x.params, team } };
    // A rule's team by name (tenant data the page marks as such), never its id.
    if (x.key === 'RULE.TEAM')
      return { ...x, params: { ...x.params, team: teamNames.get(x.params?.team ?? '') ?? '' } };
    return x;
  });
  if (u.status !== 'active') reasons.unshift({ key: 'USER.INACTIVE', ok: false });
  return {
    user: personOf(u),
    teams: (await q.teamNamesOf(tdb, u.id)).map((t) => t.name),
    app: { id: app.id, name: app.display_name },
    ...(r && { record: { id: r.id, sequence_number: r.sequence_number, is_draft: !!r.is_draft } }),
    verdicts: e.verdicts,
    reasons,
    fields: await fieldRules(tdb, app.id, r ? r.module_version : app.published_version, r),
  };
}
