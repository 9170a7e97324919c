import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, conflict, HttpError, notFound } from '../http/errors.js';
import { loadFieldRegistry } from '../../../runtime/registry-node.js';
import { applyChange } from '../../../runtime/record-engine.js';
import { checkWrite, redactRecord, resolvePermissions } from '../../../runtime/permissions.js';
import { validateRecord } from '../../../runtime/validation.js';
import { START_STEP } from '../../../schemas/workflow-definition.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { loadRecordFor, loadVersion } from './store.js';

interface SaveBody {
  moduleId?: unknown;
  recordId?: unknown;
  data?: unknown;
  version?: unknown;
}

/** 422 with every problem: the form shows them under their fields; nothing is saved. */
function invalid(issues: { field?: string; message: string }[]): never {
  const err = new HttpError(422, issues.map((i) => i.message).join('; '));
  (err as HttpError & { issues?: unknown }).issues = issues;
  throw err;
}

async function nextSequence(tdb: TenantDb, moduleId: string): Promise<number> {
  const row = await tdb
    .updateTable('modules')
    .set((eb) => ({ sequence_next: eb('sequence_next', '+', 1) }))
    .where('id', '=', moduleId)
    .returning('sequence_next')
    .executeTakeFirstOrThrow();
  return row.sequence_next - 1;
}

/** Records of an app: save a draft (create or update) and read one, both under the step's permissions. */
export async function recordRoutes(app: FastifyInstance, _ctx: AppContext) {
  app.post('/api/EntryModule/save', async (req) => {
    const b = (req.body ?? {}) as SaveBody;
    if (typeof b.moduleId !== 'string' || !b.moduleId) throw badRequest('moduleId is required.');
    if (!b.data || typeof b.data !== 'object' || Array.isArray(b.data)) throw badRequest('data must be an object.');
    const incoming = b.data as Record<string, unknown>;
    const { servers } = await loadFieldRegistry();
    return req.tdb.transaction(async (tx) => {
      const mod = await tx.selectFrom('modules').select(['id', 'published_version']).where('id', '=', b.moduleId as string).where('deleted_on', 'is', null).executeTakeFirst();
      if (!mod) throw notFound('App not found');
      const existing = typeof b.recordId === 'string' && b.recordId ? await loadRecordFor(tx, req.user, b.recordId) : undefined;
      if (existing && existing.module_id !== mod.id) throw notFound('Record not found');
      if (existing && !existing.is_draft) throw new HttpError(409, 'This record has been submitted; it changes through its tasks now.');
      const versionNo = existing?.module_version ?? mod.published_version;
      if (!versionNo) throw badRequest('This app is not published yet.');
      const v = await loadVersion(tx, mod.id, versionNo);
      const access = resolvePermissions(v.definition, v.workflow, START_STEP, v.registry);
      const before = existing ? (JSON.parse(existing.data) as Record<string, unknown>) : {};

      // Computed and server-assigned values are never taken from the client.
      const writable: Record<string, unknown> = {};
      const labels: Record<string, string> = {};
      for (const name of v.compiled.order) {
        const f = v.compiled.fields[name]!;
        labels[name] = f.label;
        if (!(name in incoming) || f.manifest.uiHints?.computed || f.manifest.uiHints?.serverAssigned || f.manifest.uiHints?.noValue) continue;
        const s = servers[f.def.fieldType];
        writable[name] = s?.sanitize ? s.sanitize(incoming[name], f.config) : incoming[name];
      }
      const unknown = Object.keys(incoming).filter((k) => !v.compiled.fields[k]);
      if (unknown.length) invalid(unknown.map((k) => ({ field: k, message: `Unknown field ${k}` })));
      const refused = checkWrite(before, writable, access, labels);
      if (refused.length) invalid(refused);

      let data = applyChange(v.compiled, { ...before, ...writable }).values;
      const issues = validateRecord(v.compiled, data, access, { draft: true });
      if (issues.length) invalid(issues);

      const now = new Date().toISOString();
      if (!existing) {
        let seq: number | undefined;
        const take = async () => (seq ??= await nextSequence(tx, mod.id));
        for (const name of v.compiled.order) {
          const f = v.compiled.fields[name]!;
          const s = servers[f.def.fieldType];
          if (s?.assignOnCreate) data = { ...data, [name]: await s.assignOnCreate({ nextSequence: take }, f.config) };
        }
        const id = crypto.randomUUID();
        await tx
          .insertInto('records', {
            id, module_id: mod.id, module_version: versionNo, data: JSON.stringify(data), version: 1, is_draft: 1, sequence_number: seq ?? null,
            workflow_instance_id: null, workflow_status: null, workflow_activity_id: null, workflow_activity_name: null, workflow_started_on: null,
            workflow_initiator_user: null, workflow_initiator_email: null, workflow_completed_on: null, workflow_faulted_on: null,
            created_by: req.user.id, created_on: now, modified_by: req.user.id, modified_on: now, submitted_on: null,
          })
          .execute();
        return { success: true, message: 'Saved', data: { id, version: 1, data: redactRecord(data, access) } };
      }
      if (typeof b.version !== 'number') throw badRequest('version is required to update a record.');
      const r = await tx
        .updateTable('records')
        .set({ data: JSON.stringify(data), version: existing.version + 1, modified_by: req.user.id, modified_on: now })
        .where('id', '=', existing.id)
        .where('version', '=', b.version)
        .executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw conflict('Someone else changed this record. Reload it to see their changes.');
      return { success: true, message: 'Saved', data: { id: existing.id, version: existing.version + 1, data: redactRecord(data, access) } };
    });
  });

  app.get('/api/EntryModule/:recordId/detail', async (req) => {
    const { recordId } = req.params as { recordId: string };
    const r = await loadRecordFor(req.tdb, req.user, recordId);
    const v = await loadVersion(req.tdb, r.module_id, r.module_version);
    const access = resolvePermissions(v.definition, v.workflow, START_STEP, v.registry);
    const data = redactRecord(JSON.parse(r.data) as Record<string, unknown>, access);
    const hidden = Object.keys(access).filter((k) => access[k] === 'hidden');
    return {
      success: true,
      message: '',
      data: {
        id: r.id,
        module_id: r.module_id,
        module_version: r.module_version,
        version: r.version,
        is_draft: !!r.is_draft,
        data,
        access,
        // The definition as this step may see it: hidden fields are not sent at all.
        definition: { ...v.definition, fieldGroups: v.definition.fieldGroups.map((g) => ({ ...g, rows: g.rows.map((row) => ({ fields: row.fields.filter((f) => !hidden.includes(f.name)) })) })) },
        created_by: r.created_by,
        created_on: r.created_on,
        modified_on: r.modified_on,
      },
    };
  });

  app.get('/api/EntryModule/form/:moduleId', async (req) => {
    const { moduleId } = req.params as { moduleId: string };
    const m = await req.tdb.selectFrom('modules').select(['id', 'display_name', 'published_version']).where('id', '=', moduleId).where('deleted_on', 'is', null).executeTakeFirst();
    if (!m?.published_version) throw notFound('This app has no published version.');
    const v = await loadVersion(req.tdb, m.id, m.published_version);
    const access = resolvePermissions(v.definition, v.workflow, START_STEP, v.registry);
    return { success: true, message: '', data: { id: m.id, display_name: m.display_name, module_version: v.version, definition: v.definition, access } };
  });
}
