import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, notFound } from '../http/errors.js';
import { redactRecord, resolvePermissions } from '../../../runtime/permissions.js';
import { START_STEP } from '../../../schemas/workflow-definition.js';
import { loadRecordFor, loadVersion } from './store.js';
import { writeDraft } from './write.js';
import { recordDetail } from './detail.js';

interface SaveBody {
  moduleId?: unknown;
  recordId?: unknown;
  data?: unknown;
  version?: unknown;
}

/** Records of an app: save a draft (create or update) and read one, both under the step's permissions. */
export async function recordRoutes(app: FastifyInstance, _ctx: AppContext) {
  app.post('/api/EntryModule/save', async (req) => {
    const b = (req.body ?? {}) as SaveBody;
    if (typeof b.moduleId !== 'string' || !b.moduleId) throw badRequest('moduleId is required.');
    if (!b.data || typeof b.data !== 'object' || Array.isArray(b.data)) throw badRequest('data must be an object.');
    return req.tdb.transaction(async (tx) => {
      const existing =
        typeof b.recordId === 'string' && b.recordId ? await loadRecordFor(tx, req.user, b.recordId) : undefined;
      // Drafts are their creator's (administrators may help); approvers read records but never save drafts.
      if (existing && existing.created_by !== req.user.id && !req.user.isAdministrator && !req.user.isSysAdmin)
        throw notFound('Record not found');
      const { row, access } = await writeDraft(tx, {
        moduleId: b.moduleId as string,
        existing,
        data: b.data as Record<string, unknown>,
        version: b.version,
        userId: req.user.id,
        access: (v) => resolvePermissions(v.definition, v.workflow, START_STEP, v.registry),
        draft: true,
      });
      const data = JSON.parse(row.data) as Record<string, unknown>;
      return {
        success: true,
        message: 'Saved',
        data: { id: row.id, version: row.version, data: redactRecord(data, access) },
      };
    });
  });

  app.get('/api/EntryModule/:recordId/detail', async (req) => {
    const { recordId } = req.params as { recordId: string };
    const { taskId } = req.query as { taskId?: string };
    return { success: true, message: '', data: await recordDetail(req.tdb, req.user, recordId, taskId) };
  });

  app.get('/api/EntryModule/form/:moduleId', async (req) => {
    const { moduleId } = req.params as { moduleId: string };
    const m = await req.tdb
      .selectFrom('modules')
      .select(['id', 'display_name', 'published_version'])
      .where('id', '=', moduleId)
      .where('deleted_on', 'is', null)
      .executeTakeFirst();
    if (!m?.published_version) throw notFound('This app has no published version.');
    const v = await loadVersion(req.tdb, m.id, m.published_version);
    const access = resolvePermissions(v.definition, v.workflow, START_STEP, v.registry);
    return {
      success: true,
      message: '',
      data: { id: m.id, display_name: m.display_name, module_version: v.version, definition: v.definition, access },
    };
  });
}
