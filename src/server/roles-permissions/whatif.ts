import { expressionBuilder } from 'kysely';
import type { DB } from '../db/schema.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { authUserOf, type AuthUser } from '../identity/user-info.js';
import {
  MODULE_ACTIONS,
  mayActOnModule,
  parsePermission,
  permissionProblem,
  visibleRecordsWhere,
  type ModuleAction,
  type ModulePermission,
} from '../access/index.js';
import { badRequest, notFound } from '../http/errors.js';
import * as q from './queries.js';
import type { WhatIf } from './schemas.js';

const CHUNK = 100;
const NAMES = 10;

/** Distinct records of the app that appear in the record lists of `users` (the lists' own visibility rule). */
async function listedRecords(tdb: TenantDb, moduleId: string, users: AuthUser[], draft: boolean): Promise<number> {
  const ids = new Set<string>();
  for (let i = 0; i < users.length; i += CHUNK) {
    const eb = expressionBuilder<DB, 'records'>();
    const conds = users.slice(i, i + CHUNK).map((u) => visibleRecordsWhere(eb, u, draft));
    // An administrator needs no condition: every record of the app is theirs to see.
    const any = conds.some((c) => c === undefined);
    let sel = tdb
      .selectFrom('records')
      .select('records.id')
      .where('records.module_id', '=', moduleId)
      .where('records.is_draft', '=', draft ? 1 : 0);
    if (!any) sel = sel.where(eb.or(conds.filter((c) => c !== undefined)));
    for (const r of await sel.execute()) ids.add(r.id);
  }
  return ids.size;
}

/** Which records an action reaches: the lists' records (view, reports) or the user's own drafts (edit, delete). */
const REACH: Partial<Record<ModuleAction, 'list' | 'drafts'>> = {
  view: 'list',
  reports: 'list',
  edit: 'drafts',
  delete: 'drafts',
};

/**
 * What saving `proposed` as an app's permission rules would change, without saving: which active users gain or lose
 * each right (the same mayActOnModule the routes enforce, before and after, with each user's teams as they are now),
 * and how many records that opens or closes (view, reports: the records in their lists; edit, delete: their drafts).
 */
export async function whatIf(tdb: TenantDb, moduleId: string, proposed: ModulePermission): Promise<WhatIf> {
  const problem = permissionProblem(proposed);
  if (problem) throw badRequest(problem);
  const app = await q.appRow(tdb, moduleId);
  if (!app) throw notFound('App not found');
  const current = parsePermission(app.permission);
  const users = (await q.userRows(tdb, true)).slice(0, q.PEOPLE_CAP).map((u) => authUserOf(u, tdb.tenantId));
  const teams = new Map<string, Set<string>>();
  for (const m of await q.memberRows(tdb)) teams.set(m.user_id, (teams.get(m.user_id) ?? new Set()).add(m.team_id));
  const may = (u: AuthUser, p: ModulePermission, action: ModuleAction) => mayActOnModule(u, p, action, teams.get(u.id));
  const change = async (action: ModuleAction, gained: boolean) => {
    const who = users.filter((u) => may(u, current, action) !== gained && may(u, proposed, action) === gained);
    const reach = REACH[action];
    const records = !reach || !who.length ? 0 : await listedRecords(tdb, moduleId, who, reach === 'drafts');
    return { users: who.length, records, names: who.slice(0, NAMES).map((u) => u.fullname) };
  };
  const out = { users: users.length } as WhatIf;
  for (const action of MODULE_ACTIONS)
    out[action] = { gained: await change(action, true), lost: await change(action, false) };
  return out;
}
