import crypto from 'node:crypto';
import { HttpError, badRequest, conflict, notFound } from '../http/errors.js';
import { loadFieldRegistry } from '../../../runtime/registry-node.js';
import { applyChange } from '../../../runtime/record-engine.js';
import { checkWrite, type Access } from '../../../runtime/permissions.js';
import { validateRecord } from '../../../runtime/validation.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import type { AuthUser } from '../identity/user-info.js';
import { isEmptyValue } from '../../../runtime/text-rules.js';
import { resolveContext } from '../lookups/resolve-context.js';
import { linkFilesOfRecord } from '../files/links.js';
import { loadVersion, type LoadedVersion, type RecordRow } from './store.js';
import { insertRecord, liveModule, nextSequence, updateRecordData } from './queries.js';
import { recordEvent } from '../webhooks/events.js';
import { changedFields, recordUpdated } from '../automations/origin.js';
import { audit } from '../audit/trail.js';
import { recordChanges } from '../audit/diff.js';

/** 422 with every problem: the form shows them under their fields; nothing is saved. */
export function invalid(issues: { field?: string; message: string }[]): never {
  const err = new HttpError(422, issues.map((i) => i.message).join('; '));
  (err as HttpError & { issues?: unknown }).issues = issues;
  throw err;
}

/**
 * The record's values after a write by someone at a step with the given access: computed and server-assigned
 * values are never taken from the client, unknown fields and changes to fields the step may not edit are refused
 * (422, nothing saved), formulas are recomputed and the result validated.
 */
export async function mergeWrite(
  who: Writer,
  v: LoadedVersion,
  before: Record<string, unknown>,
  incoming: Record<string, unknown>,
  access: Record<string, Access>,
  opts: { draft: boolean },
): Promise<Record<string, unknown>> {
  const { servers } = await loadFieldRegistry();
  const writable: Record<string, unknown> = {};
  const labels: Record<string, string> = {};
  for (const name of v.compiled.order) {
    const f = v.compiled.fields[name]!;
    labels[name] = f.label;
    if (
      !(name in incoming) ||
      f.manifest.uiHints?.computed ||
      f.manifest.uiHints?.serverAssigned ||
      f.manifest.uiHints?.noValue
    )
      continue;
    const s = servers[f.def.fieldType];
    writable[name] = s?.sanitize ? s.sanitize(incoming[name], f.config) : incoming[name];
  }
  const unknown = Object.keys(incoming).filter((k) => !v.compiled.fields[k]);
  if (unknown.length) invalid(unknown.map((k) => ({ field: k, message: `Unknown field ${k}` })));
  const refused = checkWrite(before, writable, access, labels);
  if (refused.length) invalid(refused);
  const flow = await resolveReferences(who, v, before, writable);
  const data = await resolveComputed(
    who,
    v,
    before,
    applyChange(v.compiled, { ...before, ...writable, ...flow }).values,
  );
  const issues = validateRecord(v.compiled, data, access, { draft: opts.draft });
  if (issues.length) invalid(issues);
  return data;
}

/** Who writes into which app: references are checked with their eyes. */
export interface Writer {
  tdb: TenantDb;
  user: AuthUser;
  moduleId: string;
  /** The record version this write produces, for plugins that stamp it (signatures). */
  version?: number;
}

/**
 * Plugins with a server `resolve` check each changed value against what the saver may see (list entries, records
 * of other apps) and give the stored form, in `writable`; answers the values references bring into other fields.
 */
async function resolveReferences(
  who: Writer,
  v: LoadedVersion,
  before: Record<string, unknown>,
  writable: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { servers } = await loadFieldRegistry();
  const data = { ...before, ...writable };
  const flow: Record<string, unknown> = {};
  const issues: { field: string; message: string }[] = [];
  for (const name of Object.keys(writable)) {
    const f = v.compiled.fields[name]!;
    const s = servers[f.def.fieldType];
    const value = writable[name];
    // An unchanged value was checked when it was written; an empty one has nothing to check.
    if (!s?.resolve || isEmptyValue(value) || JSON.stringify(value) === JSON.stringify(before[name])) continue;
    const r = await s.resolve(
      value,
      f.config,
      resolveContext(who.tdb, who.user, data, {
        moduleId: who.moduleId,
        name,
        label: f.label,
        before: before[name],
        version: who.version,
      }),
    );
    writable[name] = r.value;
    issues.push(...r.messages.map((message) => ({ field: name, message })));
    for (const [to, x] of Object.entries(r.flow ?? {})) if (v.compiled.fields[to]) flow[to] = x;
  }
  if (issues.length) invalid(issues);
  return flow;
}

/**
 * Formula results that name something (a user, a record of another app, records to sum up) become what is stored,
 * checked with the saver's eyes; a result that names nothing they may see is stored empty.
 */
async function resolveComputed(
  who: Writer,
  v: LoadedVersion,
  before: Record<string, unknown>,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { servers } = await loadFieldRegistry();
  const out = { ...data };
  for (const name of v.compiled.order) {
    const f = v.compiled.fields[name]!;
    const s = servers[f.def.fieldType];
    if (!f.manifest.uiHints?.computed || !s?.resolve) continue;
    if (isEmptyValue(out[name])) {
      out[name] = null;
      continue;
    }
    const ctx = resolveContext(who.tdb, who.user, out, {
      moduleId: who.moduleId,
      name,
      label: f.label,
      before: before[name],
      version: who.version,
    });
    const r = await s.resolve(out[name], f.config, ctx);
    out[name] = r.messages.length ? null : r.value;
  }
  return out;
}

export interface DraftWrite {
  moduleId: string;
  /** An existing draft of this user (already loaded and checked), or undefined to create one. */
  existing?: RecordRow;
  data: Record<string, unknown>;
  version?: unknown;
  userId: string;
  /** Whose eyes references are checked with (records of other apps they may see). */
  user: AuthUser;
  access(v: LoadedVersion): Record<string, Access>;
  /** false: every required field must be filled (submit). */
  draft: boolean;
}

/**
 * Creates or updates a draft inside the caller's transaction, linking the files its values name (what lets others
 * download them through the record); returns the stored row as it now is.
 */
export async function writeDraft(
  tx: TenantDb,
  w: DraftWrite,
): Promise<{ row: RecordRow; v: LoadedVersion; access: Record<string, Access> }> {
  const mod = await liveModule(tx, w.moduleId);
  if (!mod) throw notFound('App not found');
  const existing = w.existing;
  if (existing && existing.module_id !== mod.id) throw notFound('Record not found');
  if (existing && !existing.is_draft)
    throw new HttpError(409, 'This record has been submitted; it changes through its tasks now.');
  const versionNo = existing?.module_version ?? mod.published_version;
  if (!versionNo) throw badRequest('This app is not published yet.');
  const v = await loadVersion(tx, mod.id, versionNo);
  const access = w.access(v);
  const before = existing ? (JSON.parse(existing.data) as Record<string, unknown>) : {};
  const who = { tdb: tx, user: w.user, moduleId: mod.id, version: existing ? existing.version + 1 : 1 };
  let data = await mergeWrite(who, v, before, w.data, access, {
    draft: w.draft,
  });
  const now = new Date().toISOString();
  if (!existing) {
    const { servers } = await loadFieldRegistry();
    let seq: number | undefined;
    const take = async () => (seq ??= await nextSequence(tx, mod.id));
    for (const name of v.compiled.order) {
      const f = v.compiled.fields[name]!;
      const s = servers[f.def.fieldType];
      if (s?.assignOnCreate) data = { ...data, [name]: await s.assignOnCreate({ nextSequence: take }, f.config) };
    }
    const row: RecordRow = {
      id: crypto.randomUUID(),
      tenant_id: tx.tenantId,
      module_id: mod.id,
      module_version: versionNo,
      data: JSON.stringify(data),
      version: 1,
      is_draft: 1,
      sequence_number: seq ?? null,
      workflow_instance_id: null,
      workflow_status: null,
      workflow_activity_id: null,
      workflow_activity_name: null,
      workflow_started_on: null,
      workflow_initiator_user: null,
      workflow_initiator_email: null,
      workflow_completed_on: null,
      workflow_faulted_on: null,
      created_by: w.userId,
      created_on: now,
      modified_by: w.userId,
      modified_on: now,
      submitted_on: null,
    };
    await insertRecord(tx, row);
    await recordEvent(tx, {
      events: ['record.created'],
      recordId: row.id,
      moduleId: mod.id,
      version: 1,
      actorId: w.userId,
      at: now,
    });
    await linkFilesOfRecord(tx, { recordId: row.id, userId: w.userId, data });
    await audit(tx, {
      action: 'record.create',
      actorId: w.userId,
      targetType: 'record',
      targetId: row.id,
      targetLabel: mod.display_name,
      details: { moduleId: mod.id, changes: recordChanges(v, {}, data) },
    });
    return { row, v, access };
  }
  if (typeof w.version !== 'number') throw badRequest('version is required to update a record.');
  const r = await updateRecordData(tx, existing.id, w.version, {
    data: JSON.stringify(data),
    version: existing.version + 1,
    modified_by: w.userId,
    modified_on: now,
  });
  if (!Number(r.numUpdatedRows)) throw conflict('Someone else changed this record. Reload it to see their changes.');
  await linkFilesOfRecord(tx, { recordId: existing.id, userId: w.userId, data, previous: before });
  await recordUpdated(tx, {
    recordId: existing.id,
    moduleId: mod.id,
    version: existing.version + 1,
    actorId: w.userId,
    at: now,
    changed: changedFields(before, data),
  });
  await audit(tx, {
    action: 'record.update',
    actorId: w.userId,
    targetType: 'record',
    targetId: existing.id,
    targetLabel: mod.display_name,
    details: { moduleId: mod.id, changes: recordChanges(v, before, data) },
  });
  return {
    row: {
      ...existing,
      data: JSON.stringify(data),
      version: existing.version + 1,
      modified_by: w.userId,
      modified_on: now,
    },
    v,
    access,
  };
}
