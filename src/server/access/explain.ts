import type { Selectable } from 'kysely';
import type { RecordsTable } from '../db/schema.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { matchModuleRule, MODULE_ACTIONS, teamsOf, type ModuleAction, type ModulePermission } from './modules.js';
import { matchRecordView, maySaveDraft } from './records.js';
import { isAdmin } from './roles.js';

type RecordRow = Selectable<RecordsTable>;

/**
 * One step of an explanation: `key` names the rule (the page translates it), `ok` says whether it lets the user in
 * (null: information only), `params` fill in the text. Never a record's field values.
 */
export interface AccessReason {
  key: string;
  ok: boolean | null;
  params?: Record<string, string>;
}

export interface AccessVerdicts {
  create: boolean;
  view: boolean;
  edit: boolean;
  delete: boolean;
  design: boolean;
  reports: boolean;
  /** Open the record (detail, history, comments, files): mayViewRecord. */
  open?: boolean;
  /** The record is in the app's record list (or, for a draft, the user's draft list). */
  listed?: boolean;
  /** Save changes to the draft (submitted records change only through their workflow's tasks). */
  saveDraft?: boolean;
}

export interface AccessExplanation {
  verdicts: AccessVerdicts;
  reasons: AccessReason[];
  /** The task that lets the user open the record, when that is the reason. */
  taskTeamId?: string | null;
}

/**
 * Why `user` may or may not act on an app and (optionally) one of its records, computed by the very checks the
 * routes enforce (matchModuleRule behind mayActOnModule, matchRecordView behind mayViewRecord and loadRecordFor,
 * maySaveDraft); the list verdict restates visibleRecordsWhere's rule, which tests hold equal to the record lists.
 */
export async function explainAccess(
  tdb: TenantDb,
  user: AuthUser,
  permission: ModulePermission,
  record?: RecordRow,
): Promise<AccessExplanation> {
  const reasons: AccessReason[] = [];
  const admin = isAdmin(user);
  reasons.push({ key: admin ? 'ROLE.ADMIN' : 'ROLE.NOT_ADMIN', ok: admin ? true : null });
  const verdict = {} as Record<ModuleAction, boolean>;
  const teams = await teamsOf(tdb, user.id);
  for (const action of MODULE_ACTIONS) {
    const m = matchModuleRule(user, permission, action, teams);
    verdict[action] = m.allowed;
    const params = { action, role: m.role ?? '', team: m.team ?? '', via: m.via ?? '' };
    reasons.push({ key: `RULE.${m.by.toUpperCase()}`, ok: m.allowed, params });
  }
  const verdicts: AccessVerdicts = { ...verdict };
  if (!record) return { verdicts, reasons };

  const seen = await matchRecordView(tdb, user, record);
  const draft = !!record.is_draft;
  verdicts.open = seen.allowed;
  if (draft && seen.by === 'none') reasons.push({ key: 'RECORD.DRAFT_OTHER', ok: false });
  else
    reasons.push({
      key: `RECORD.${seen.by.toUpperCase()}`,
      ok: seen.allowed,
      params: seen.task ? { step: seen.task.activity_title, status: seen.task.status } : undefined,
    });

  // Lists: the app's view rule, then visibleRecordsWhere (drafts: their creator's draft list only).
  const inList = draft ? record.created_by === user.id : seen.allowed;
  verdicts.listed = verdict.view && inList;
  if (!verdict.view) reasons.push({ key: 'LIST.NO_VIEW_RULE', ok: false });
  else if (draft) reasons.push({ key: inList ? 'LIST.DRAFT_OWN' : 'LIST.DRAFT_OTHER', ok: inList });
  else reasons.push({ key: inList ? 'LIST.VISIBLE' : 'LIST.NOT_VISIBLE', ok: inList });

  // Saving (records/service saveDraft): open it, may save the draft, and the app's edit rule.
  if (!draft) {
    verdicts.saveDraft = false;
    reasons.push({ key: 'EDIT.SUBMITTED', ok: null });
  } else {
    const mine = maySaveDraft(user, record);
    verdicts.saveDraft = seen.allowed && mine && verdict.edit;
    reasons.push({ key: mine ? 'EDIT.DRAFT_OWN' : 'EDIT.DRAFT_OTHER', ok: mine });
  }
  return { verdicts, reasons, taskTeamId: seen.task?.team_id };
}
