import crypto from 'node:crypto';
import { badRequest, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../identity/user-info.js';
import type { TenantDb } from '../../tenancy/tenant-db.js';
import { permissionProblem } from '../../access/index.js';
import type { ModuleDefinition } from '../../../../schemas/module-definition.js';
import type { WorkflowDefinition } from '../../../../schemas/workflow-definition.js';
import { compileSchema } from '../../../../runtime/ajv.js';
import { compileOnServer, defaultWorkflow, emptyDefinition, parseJson } from '../definitions.js';
import { workflowIssues } from '../../workflows/service.js';
import { mlServiceProblem } from '../ocr/catalogue.js';
import { appNameProblem, descriptionProblem } from './rules.js';
import * as q from './queries.js';
import { audit } from '../../audit/trail.js';
import {
  DraftModule,
  type CopyAppBody,
  type CreateAppBody,
  type DesignedApp,
  type Published,
  type SavedDraft,
  type SaveFormBody,
  type UpdateAppBody,
} from './schemas.js';
import { designedView } from './views.js';

/** App (module) lifecycle: create, read, save a draft, publish an immutable version, copy, update, delete. */

/** More fields than a form may hold: past the benchmarked 1,000 with room to spare, far below what hurts. */
const MAX_FIELDS = 5_000;

const orNull = (v: string | null | undefined) => (v ? v : null);
const now = () => new Date().toISOString();

async function moduleOr404(tdb: TenantDb, id: string) {
  const m = await q.liveModule(tdb, id);
  if (!m) throw notFound('App not found');
  return m;
}

async function assertFreeName(tdb: TenantDb, name: string, exceptId?: string) {
  if (await q.nameTaken(tdb, name, exceptId)) throw badRequest(`An app named '${name}' already exists.`);
}

async function assertKnownCategory(tdb: TenantDb, id: string | null) {
  if (id && !(await q.categoryExists(tdb, id))) throw badRequest('Unknown app group.');
}

const fieldCount = (def: ModuleDefinition) =>
  def.fieldGroups.reduce((n, g) => n + g.rows.reduce((m, r) => m + r.fields.length, 0), 0);

export async function createApp(tdb: TenantDb, user: AuthUser, tenantSettings: string, b: CreateAppBody) {
  const problem =
    appNameProblem(b.name) ??
    descriptionProblem(b.description) ??
    mlServiceProblem(tenantSettings, b.ocrProviderId, b.machineLearningServiceId);
  if (problem) throw badRequest(problem);
  const name = b.name.trim();
  await assertFreeName(tdb, name);
  const categoryId = orNull(b.categoryId);
  await assertKnownCategory(tdb, categoryId);
  const id = crypto.randomUUID();
  const at = now();
  await q.insertModule(tdb, {
    id,
    display_name: name,
    module_description: orNull(b.description),
    application_module_category_id: categoryId,
    app_icon: orNull(b.appIcon) ?? 'home',
    add_to_quick_launch: b.addToQuickLaunch ? 1 : 0,
    ocr_provider_id: orNull(b.ocrProviderId),
    ocr_provider_name: orNull(b.ocrProviderName),
    ml_service_id: orNull(b.machineLearningServiceId),
    help_file_url: null,
    is_reassignment_disabled: 0,
    module_draft: JSON.stringify(emptyDefinition(name)),
    workflow_draft: JSON.stringify(defaultWorkflow()),
    published_version: null,
    status: 'Draft',
    permission: '{}',
    email_templates: '{}',
    default_config: '{}',
    sequence_next: 1,
    created_by: user.id,
    created_on: at,
    modified_by: user.id,
    modified_on: at,
    deleted_on: null,
  });
  return { id };
}

export const readApp = async (tdb: TenantDb, id: string): Promise<DesignedApp> =>
  designedView(await moduleOr404(tdb, id));

/**
 * Saves the drafts. A draft may be unfinished: problems come back as warnings and publishing refuses them; only
 * what no draft may keep (compile errors marked blocksSave) and workflows that break the designer's rules (spec
 * section 5) are refused.
 */
export async function saveDraft(tdb: TenantDb, user: AuthUser, id: string, body: SaveFormBody): Promise<SavedDraft> {
  const { module, workflow } = body;
  if (fieldCount(module) > MAX_FIELDS) throw badRequest(`A form can hold at most ${MAX_FIELDS} fields.`);
  const { errors } = await compileOnServer(module, workflow);
  const blocking = errors.filter((e) => e.blocksSave);
  if (blocking.length) throw badRequest(blocking.map((e) => e.message).join('; '));
  const wfIssues = await workflowIssues(tdb, module, workflow);
  if (wfIssues.length) throw badRequest(wfIssues.map((i) => i.message).join('; '));
  const saved = await q.updateLiveModule(tdb, id, {
    module_draft: JSON.stringify(module),
    ...(workflow ? { workflow_draft: JSON.stringify(workflow) } : {}),
    modified_by: user.id,
    modified_on: now(),
  });
  if (!saved) throw notFound('App not found');
  return { warnings: errors };
}

/** Publishes the drafts as the next immutable version, if they compile without a problem. */
export function publishApp(tdb: TenantDb, user: AuthUser, id: string): Promise<Published> {
  return tdb.transaction(async (tx) => {
    const m = await moduleOr404(tx, id);
    const def = parseJson<ModuleDefinition>(m.module_draft);
    const wf = parseJson<WorkflowDefinition>(m.workflow_draft);
    // Drafts stored before SaveForm checked their structure are refused here rather than compiled.
    if (!compileSchema(DraftModule)(def))
      throw badRequest('The app cannot be published: the form definition is not valid.');
    const { errors } = await compileOnServer(def, wf);
    errors.push(...(await workflowIssues(tx, def, wf)));
    if (errors.length) throw badRequest(`The app cannot be published: ${errors.map((e) => e.message).join('; ')}`);
    const version = (m.published_version ?? 0) + 1;
    await q.insertVersion(tx, {
      module_id: id,
      version,
      definition: m.module_draft,
      workflow: m.workflow_draft,
      published_by: user.id,
    });
    await q.updateLiveModule(tx, id, {
      published_version: version,
      status: 'Published',
      modified_on: now(),
      modified_by: user.id,
    });
    await audit(tx, { action: 'app.publish', actorId: user.id, targetType: 'app', targetId: id, targetLabel: m.display_name, details: { version } });
    return { id, version };
  });
}

/** A new draft app with the source's drafts and settings under a new name. */
export async function copyApp(tdb: TenantDb, user: AuthUser, sourceId: string, b: CopyAppBody) {
  const problem = appNameProblem(b.name) ?? descriptionProblem(b.description);
  if (problem) throw badRequest(problem);
  const name = b.name.trim();
  const { tenant_id: _tenant, ...src } = await moduleOr404(tdb, sourceId);
  await assertFreeName(tdb, name);
  const id = crypto.randomUUID();
  const at = now();
  await q.insertModule(tdb, {
    ...src,
    id,
    display_name: name,
    module_description: b.description === undefined ? src.module_description : orNull(b.description),
    module_draft: JSON.stringify({ ...parseJson<ModuleDefinition>(src.module_draft), display_name: name }),
    published_version: null,
    status: 'Draft',
    sequence_next: 1,
    created_by: user.id,
    created_on: at,
    modified_by: user.id,
    modified_on: at,
    deleted_on: null,
  });
  return { id };
}

/** Changes the parts given: name, description, group, icon, quick launch, help file, OCR, permission rules. */
export async function updateApp(tdb: TenantDb, user: AuthUser, tenantSettings: string, id: string, b: UpdateAppBody) {
  const m = await moduleOr404(tdb, id);
  const set: Parameters<typeof q.updateLiveModule>[2] = {};
  if (b.name !== undefined) {
    const p = appNameProblem(b.name);
    if (p) throw badRequest(p);
    const name = b.name.trim();
    await assertFreeName(tdb, name, id);
    set.display_name = name;
  }
  if (b.description !== undefined) {
    const p = descriptionProblem(b.description);
    if (p) throw badRequest(p);
    set.module_description = orNull(b.description);
  }
  if (b.categoryId !== undefined) {
    const categoryId = orNull(b.categoryId);
    await assertKnownCategory(tdb, categoryId);
    set.application_module_category_id = categoryId;
  }
  if (b.appIcon !== undefined) set.app_icon = orNull(b.appIcon) ?? 'home';
  if (b.addToQuickLaunch !== undefined) set.add_to_quick_launch = b.addToQuickLaunch ? 1 : 0;
  if (b.helpFileUrl !== undefined) {
    const u = orNull(b.helpFileUrl);
    if (u && !/^https?:\/\//i.test(u)) throw badRequest('The help file address must start with http:// or https://.');
    set.help_file_url = u;
  }
  if (b.ocrProviderId !== undefined || b.machineLearningServiceId !== undefined) {
    const p = mlServiceProblem(
      tenantSettings,
      b.ocrProviderId ?? m.ocr_provider_id,
      b.machineLearningServiceId ?? m.ml_service_id,
    );
    if (p) throw badRequest(p);
    if (b.ocrProviderId !== undefined) set.ocr_provider_id = orNull(b.ocrProviderId);
    if (b.machineLearningServiceId !== undefined) set.ml_service_id = orNull(b.machineLearningServiceId);
  }
  if (b.ocrProviderName !== undefined) set.ocr_provider_name = orNull(b.ocrProviderName);
  if (b.permission !== undefined) {
    const p = permissionProblem(b.permission);
    if (p) throw badRequest(p);
    set.permission = JSON.stringify(b.permission);
  }
  await q.updateLiveModule(tdb, id, { ...set, modified_by: user.id, modified_on: now() });
  if (set.permission !== undefined) await audit(tdb, { action: 'app.permissions', actorId: user.id, targetType: 'app', targetId: id, targetLabel: set.display_name ?? m.display_name, details: { changes: { permission: { from: m.permission ? parseJson(m.permission) : null, to: b.permission } } } });
  return { id };
}

/** Soft delete: the app leaves every list; its records and versions stay. */
export async function deleteApp(tdb: TenantDb, user: AuthUser, id: string) {
  const deleted = await q.updateLiveModule(tdb, id, { deleted_on: now(), modified_by: user.id });
  if (!deleted) throw notFound('App not found');
  await audit(tdb, { action: 'app.delete', actorId: user.id, targetType: 'app', targetId: id });
  return { id };
}
