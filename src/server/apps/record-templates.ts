import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import type { AuthUser } from '../identity/user-info.js';
import type { TenantDb } from '../tenancy/tenant-db.js';
import { nameRuleProblems } from '../../../runtime/text-rules.js';
import { EDITOR as E, queryParam } from './module-row.js';
import { assertModuleAccess } from '../access/index.js';

const MAX_DATA = 200_000;

function nameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || !name.trim()) return 'The template name is required.';
  return nameRuleProblems(name)[0];
}

async function templateOr404(tdb: TenantDb, id: string) {
  const t = await tdb.selectFrom('record_templates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) throw notFound('Template not found');
  return t;
}

/** The creator or a designer may change a template; everyone who may create records may use it. */
function mayChange(user: AuthUser, createdBy: string) {
  if (user.id !== createdBy && !(user.isSysAdmin || user.isAdministrator || user.isFullUser || user.isConsultant))
    throw forbidden('Only the creator of a template or a designer may change it.');
}

const view = (t: { id: string; module_id: string; template_name: string; order_index: number }) => ({
  moduleId: t.module_id,
  templateId: t.id,
  templateName: t.template_name,
  index: t.order_index,
});

/** Record templates (spec section 7): saved record values to start a new record from. */
export async function recordTemplateRoutes(app: FastifyInstance, _ctx: AppContext) {
  app.post(`${E}/recordtemplate`, async (req) => {
    const moduleId = queryParam(req.query, 'moduleId');
    const templateId = queryParam(req.query, 'templateId');
    const templateName = queryParam(req.query, 'templateName');
    await assertModuleAccess(req.tdb, req.user, moduleId, 'create');
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw badRequest('The template values must be an object.');
    const data = JSON.stringify(body);
    if (data.length > MAX_DATA) throw badRequest('The template is too large.');
    const now = new Date().toISOString();
    if (templateId) {
      const t = await templateOr404(req.tdb, templateId);
      if (t.module_id !== moduleId) throw notFound('Template not found');
      mayChange(req.user, t.created_by);
      if (templateName && nameProblem(templateName)) throw badRequest(nameProblem(templateName)!);
      await req.tdb
        .updateTable('record_templates')
        .set({ data, modified_on: now, ...(templateName ? { template_name: templateName.trim() } : {}) })
        .where('id', '=', templateId)
        .execute();
      return {
        success: true,
        message: 'The template has been saved.',
        data: view({ ...t, template_name: templateName || t.template_name }),
      };
    }
    const problem = nameProblem(templateName);
    if (problem) throw badRequest(problem);
    const last = await req.tdb
      .selectFrom('record_templates')
      .select((eb) => eb.fn.max('order_index').as('m'))
      .where('module_id', '=', moduleId)
      .executeTakeFirst();
    const id = crypto.randomUUID();
    const row = {
      id,
      module_id: moduleId,
      template_name: templateName.trim(),
      data,
      order_index: Number(last?.m ?? -1) + 1,
      created_by: req.user.id,
      created_on: now,
      modified_on: now,
    };
    await req.tdb.insertInto('record_templates', row).execute();
    return { success: true, message: 'The template has been saved.', data: view(row) };
  });

  app.get(`${E}/recordtemplate/:moduleId`, async (req) => {
    const { moduleId } = req.params as { moduleId: string };
    await assertModuleAccess(req.tdb, req.user, moduleId, 'create');
    const rows = await req.tdb
      .selectFrom('record_templates')
      .select(['id', 'module_id', 'template_name', 'order_index'])
      .where('module_id', '=', moduleId)
      .orderBy('order_index')
      .orderBy('id')
      .execute();
    return { success: true, message: '', data: rows.map(view) };
  });

  app.get(`${E}/recordtemplate/:moduleId/:templateId`, async (req) => {
    const { moduleId, templateId } = req.params as { moduleId: string; templateId: string };
    await assertModuleAccess(req.tdb, req.user, moduleId, 'create');
    const t = await templateOr404(req.tdb, templateId);
    if (t.module_id !== moduleId) throw notFound('Template not found');
    return { success: true, message: '', data: { ...view(t), data: JSON.parse(t.data) as unknown } };
  });

  app.delete(`${E}/recordtemplate/:moduleId/:templateId`, async (req) => {
    const { moduleId, templateId } = req.params as { moduleId: string; templateId: string };
    const t = await templateOr404(req.tdb, templateId);
    if (t.module_id !== moduleId) throw notFound('Template not found');
    mayChange(req.user, t.created_by);
    await req.tdb.deleteFrom('record_templates').where('id', '=', templateId).execute();
    return { success: true, message: 'The template has been deleted.', data: { templateId } };
  });

  app.post(`${E}/recordtemplate/rename`, async (req) => {
    const templateId = queryParam(req.query, 'templateId');
    const name = queryParam(req.query, 'name') || String((req.body as { name?: unknown } | undefined)?.name ?? '');
    const problem = nameProblem(name);
    if (problem) throw badRequest(problem);
    const t = await templateOr404(req.tdb, templateId);
    mayChange(req.user, t.created_by);
    await req.tdb
      .updateTable('record_templates')
      .set({ template_name: name.trim(), modified_on: new Date().toISOString() })
      .where('id', '=', templateId)
      .execute();
    return {
      success: true,
      message: 'The template has been renamed.',
      data: view({ ...t, template_name: name.trim() }),
    };
  });

  // Moves one template to a position and renumbers the app's templates 0..n-1 in one transaction.
  app.post(`${E}/recordtemplate/orderindex`, async (req) => {
    const templateId = queryParam(req.query, 'templateId');
    const index = Number(queryParam(req.query, 'index'));
    if (!Number.isInteger(index) || index < 0) throw badRequest('index must be a whole number from 0.');
    return req.tdb.transaction(async (tx) => {
      const t = await templateOr404(tx, templateId);
      mayChange(req.user, t.created_by);
      const all = await tx
        .selectFrom('record_templates')
        .select(['id', 'order_index'])
        .where('module_id', '=', t.module_id)
        .orderBy('order_index')
        .orderBy('id')
        .execute();
      const ids = all.map((r) => r.id).filter((id) => id !== templateId);
      ids.splice(Math.min(index, ids.length), 0, templateId);
      for (const [i, id] of ids.entries())
        if (all.find((r) => r.id === id)?.order_index !== i)
          await tx.updateTable('record_templates').set({ order_index: i }).where('id', '=', id).execute();
      return {
        success: true,
        message: 'The template order has been saved.',
        data: ids.map((id, i) => ({ templateId: id, index: i })),
      };
    });
  });
}
