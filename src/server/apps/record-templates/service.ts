import crypto from 'node:crypto';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../identity/user-info.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { assertModuleAccess, isDesigner } from '../../access/index.js';
import { nameRuleProblems } from '../../../../runtime/text-rules.js';
import type { RecordTemplate, RecordTemplateWithData, SaveQuery, TemplatePosition } from './schemas.js';
import * as q from './queries.js';

/**
 * Record templates (spec section 7): saved record values to start a new record from. A template starts a record,
 * so every call needs the app's create permission; changing one also needs to be its creator or a designer.
 */
const MAX_DATA = 200_000;

function nameProblem(name: string | undefined): string | undefined {
  if (!name?.trim()) return 'The template name is required.';
  return nameRuleProblems(name)[0];
}

function mayChange(user: AuthUser, createdBy: string) {
  if (user.id !== createdBy && !isDesigner(user))
    throw forbidden('Only the creator of a template or a designer may change it.');
}

type Row = { id: string; module_id: string; template_name: string; order_index: number };
const view = (t: Row): RecordTemplate => ({
  moduleId: t.module_id,
  templateId: t.id,
  templateName: t.template_name,
  index: t.order_index,
});

/** The template, if it belongs to the app (when one is named); 404 otherwise. */
async function templateOr404(tdb: TenantDb, id: string, moduleId?: string) {
  const t = await q.templateById(tdb, id);
  if (!t || (moduleId !== undefined && t.module_id !== moduleId)) throw notFound('Template not found');
  return t;
}

/** Saves new values for a template (`templateId`) or a new template (`templateName`), placed last. */
export function saveTemplate(
  tdb: TenantDb,
  user: AuthUser,
  { moduleId, templateId, templateName }: SaveQuery,
  values: Record<string, unknown>,
): Promise<RecordTemplate> {
  return tdb.transaction(async (tx) => {
    // First, so a user without the create permission stores nothing.
    await assertModuleAccess(tx, user, moduleId, 'create');
    const data = JSON.stringify(values);
    if (data.length > MAX_DATA) throw badRequest('The template is too large.');
    if (templateId) {
      const t = await templateOr404(tx, templateId, moduleId);
      mayChange(user, t.created_by);
      const name = templateName?.trim();
      if (name) {
        const problem = nameProblem(templateName);
        if (problem) throw badRequest(problem);
      }
      await q.updateTemplate(tx, templateId, { data, ...(name ? { template_name: name } : {}) });
      return view({ ...t, template_name: name || t.template_name });
    }
    const problem = nameProblem(templateName);
    if (problem) throw badRequest(problem);
    const row = {
      id: crypto.randomUUID(),
      module_id: moduleId,
      template_name: templateName!.trim(),
      data,
      order_index: (await q.lastOrderIndex(tx, moduleId)) + 1,
      created_by: user.id,
    };
    await q.insertTemplate(tx, row);
    return view(row);
  });
}

export async function listTemplates(tdb: TenantDb, user: AuthUser, moduleId: string): Promise<RecordTemplate[]> {
  await assertModuleAccess(tdb, user, moduleId, 'create');
  return (await q.templatesOf(tdb, moduleId)).map(view);
}

export async function readTemplate(
  tdb: TenantDb,
  user: AuthUser,
  moduleId: string,
  templateId: string,
): Promise<RecordTemplateWithData> {
  await assertModuleAccess(tdb, user, moduleId, 'create');
  const t = await templateOr404(tdb, templateId, moduleId);
  return { ...view(t), data: JSON.parse(t.data) as Record<string, unknown> };
}

export async function deleteTemplate(tdb: TenantDb, user: AuthUser, moduleId: string, templateId: string) {
  await assertModuleAccess(tdb, user, moduleId, 'create');
  const t = await templateOr404(tdb, templateId, moduleId);
  mayChange(user, t.created_by);
  await q.deleteTemplate(tdb, templateId);
  return { templateId };
}

export async function renameTemplate(
  tdb: TenantDb,
  user: AuthUser,
  templateId: string,
  name: string | undefined,
): Promise<RecordTemplate> {
  const problem = nameProblem(name);
  if (problem) throw badRequest(problem);
  const t = await templateOr404(tdb, templateId);
  await assertModuleAccess(tdb, user, t.module_id, 'create');
  mayChange(user, t.created_by);
  await q.updateTemplate(tdb, templateId, { template_name: name!.trim() });
  return view({ ...t, template_name: name!.trim() });
}

/** Moves one template to a position and renumbers the app's templates 0..n-1 in one transaction. */
export function moveTemplate(
  tdb: TenantDb,
  user: AuthUser,
  templateId: string,
  index: number,
): Promise<TemplatePosition[]> {
  return tdb.transaction(async (tx) => {
    const t = await templateOr404(tx, templateId);
    await assertModuleAccess(tx, user, t.module_id, 'create');
    mayChange(user, t.created_by);
    const all = await q.templatesOf(tx, t.module_id);
    const ids = all.map((r) => r.id).filter((id) => id !== templateId);
    ids.splice(Math.min(index, ids.length), 0, templateId);
    for (const [i, id] of ids.entries())
      if (all.find((r) => r.id === id)?.order_index !== i) await q.setOrderIndex(tx, id, i);
    return ids.map((id, i) => ({ templateId: id, index: i }));
  });
}
